import type { Page } from "@playwright/test";
import { publicPaths } from "../../app/content/public-routes";
import { linkPathIn, signInAsAdmin, signUpVerified } from "../support/browser-accounts";
import {
  DESKTOP,
  expect,
  expectAccessible,
  jsEnabled,
  MOBILE,
  test,
  uniqueEmail,
  waitForMail,
} from "../support/browser";

// Issue 11: the site in Arabic, chosen by URL, remembered in a cookie, suggested (never forced) by
// Accept-Language. Every test runs with JavaScript on and off (the two Playwright projects).

const ARABIC = /[\u0600-\u06FF]/;
const PASSWORD = "arabic-Test-2025!";

/**
 * Latin words left in an Arabic page: the text of every element whose language is Arabic (parts
 * marked lang="en", such as the switch to English, are left out), minus proper nouns, standards,
 * abbreviations, metric names and keyboard keys that stay Latin in Arabic text (ISO/IEC 27001,
 * HTTPS, LCP, Shift+Enter), and identifiers (order ids, paths, codes).
 */
async function latinWordsIn(page: Page, only?: string): Promise<string[]> {
  const text = await page.evaluate((only) => {
    const parts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, noscript, template, [hidden], [aria-hidden='true']")) continue;
      if (only && !parent.closest(only)) continue;
      if ((parent.closest("[lang]")?.getAttribute("lang") ?? "ar") !== "ar") continue;
      parts.push(node.textContent ?? "");
    }
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("[aria-label], [placeholder], [title]"))) {
      if ((element.closest("[lang]")?.getAttribute("lang") ?? "ar") !== "ar") continue;
      parts.push(
        element.getAttribute("aria-label") ?? "",
        element.getAttribute("placeholder") ?? "",
        element.getAttribute("title") ?? "",
      );
    }
    return parts.join(" \n ");
  }, only);
  const stripped = text
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " ")
    // Order ids (full and short), site paths and route patterns (the performance report lists
    // pages such as /dashboard/orders/:id), format masks
    // (784-XXXX-…) and tokens with digits (codes such as WELCOME10, example passwords).
    .replace(/\b[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\b|\b[0-9a-f]{8}\b/g, " ")
    // Tax document numbers (INV-000042, CN-000007): identifiers, the same in both languages.
    .replace(/\b(INV|CN)-\d{6,}\b/g, " ")
    .replace(/(?<!\w)\/[\w\-/.?=&:]*/g, " ")
    .replace(/\bX+\b/g, " ")
    .replace(/\b\w*\d\w*\b/g, " ")
    .replace(
      /\b(Sanad Legal|Stripe|UAE|GCC|VAT|PDF|PNG|JPG|JPEG|DOCX?|WhatsApp|Visa|Mastercard|Emirates ID|ID|AI|FAQ|KYC|AML|HR|CV|PRO|LLC|FZE|FZ-LLC|DED|DIFC|ADGM|DMCC|SMS|OTP|ISO|SSL|TLS|AES|GCM|ZIP|GDPR|PDPL|IEC|HTTPS|IP|Enter|Shift|LCP|INP|CLS|FCP|TTFB|[A-Z]{1,3}\d[\w-]*)\b/g,
      " ",
    )
    .replace(/\b[A-Z]\b/g, " ");
  return [...new Set(stripped.match(/[A-Za-z]{2,}/g) ?? [])];
}

test.describe("Arabic and right-to-left", () => {
  test("switch to Arabic on a service page, send an inquiry: Arabic notice and Arabic acknowledgement", async ({
    page,
    context,
  }) => {
    const email = uniqueEmail("arabic-inquiry");
    await page.goto("/services/legal-consultation");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("link", { name: "اقرأ هذه الصفحة بالعربية" }).click();
    await expect(page).toHaveURL(/\/ar\/services\/legal-consultation$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // The choice is remembered for addresses without a language prefix.
    expect((await context.cookies()).find((cookie) => cookie.name === "lang")).toMatchObject({
      value: "ar",
      sameSite: "Lax",
      httpOnly: true,
    });

    const form = page.locator("#inquiry-form");
    await form.getByLabel("الاسم الكامل").fill("عائشة خان");
    await form.getByLabel("البريد الإلكتروني").fill(email);
    await form.getByLabel("رقم الهاتف").fill("+971 50 123 4567");
    await form.getByLabel("الدولة").selectOption("UAE");
    await form.getByLabel("تفاصيل إضافية").fill("أحتاج إلى استشارة بشأن عقد عمل.");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "إرسال الاستفسار" }).click();
    await expect(page.getByText("تم إرسال استفسارك بنجاح").first()).toBeVisible();
    await expect(page).toHaveURL(/\/ar\/services\/legal-consultation(#inquiry-form)?$/);

    const ack = await waitForMail(email);
    expect(ack.subject).toBe("وصلنا استفسارك");
    expect(ack.text).toMatch(ARABIC);
    expect(ack.text).toContain("عائشة خان");
  });

  test("register and check out in Arabic, with Arabic pages, notices and e-mails all the way", async ({ page }) => {
    test.slow();
    const email = uniqueEmail("arabic-buyer");
    await page.goto("/ar/ban-checks/travel-ban-check");
    const added = page.waitForResponse(
      (response) => response.url().includes("/cart/update") && response.request().method() === "POST",
    );
    await page
      .locator('form[action$="/cart/update"]:has(input[name="tierId"][value="basic"]) button[type="submit"]')
      .first()
      .click();
    await added;
    await page.waitForLoadState("load");
    // Back on the Arabic page after the cart's unprefixed action.
    await expect(page).toHaveURL(/\/ar\/ban-checks\/travel-ban-check/);

    await page.goto("/ar/checkout");
    await expect(page).toHaveURL(/\/ar\/client-login\?redirectTo=%2Far%2Fcheckout/);
    await expect(page.getByText("يرجى تسجيل الدخول لإتمام طلبك.").first()).toBeVisible();
    await page.getByRole("link", { name: "إنشاء حساب", exact: true }).click();
    await page.locator("#register-name").fill("عائشة رحمن");
    await page.locator("#register-email").fill(email);
    await page.locator("#register-password").fill(PASSWORD);
    await page.locator("#register-confirm-password").fill(PASSWORD);
    await page.getByRole("button", { name: "إنشاء الحساب" }).click();
    await expect(page.getByText("يرجى مراجعة بريدك الإلكتروني لتأكيد حسابك.").first()).toBeVisible();
    const verify = await waitForMail(email, (mail) => mail.text.includes("/verify-email?token="));
    expect(verify.subject).toMatch(ARABIC);
    expect(verify.text).toContain("/ar/verify-email?token=");
    // The link confirms the address (in Arabic) and signs nobody in: then the sign-in, back to the checkout.
    await page.goto(linkPathIn(verify.text, "/ar/verify-email?token="));
    await page.getByLabel("كلمة المرور").fill(PASSWORD);
    await page.getByRole("button", { name: "تأكيد البريد الإلكتروني" }).click();
    await expect(page.getByText("شكراً لك: تم تأكيد بريدك الإلكتروني.", { exact: false })).toBeVisible();
    await page.goto("/ar/client-login?redirectTo=%2Far%2Fcheckout");
    await page.locator("#login-email").fill(email);
    await page.locator("#login-password").fill(PASSWORD);
    await page.getByRole("button", { name: "تسجيل الدخول", exact: true }).click();
    await expect(page).toHaveURL(/\/ar\/checkout$/);
    await expect(page.getByRole("heading", { name: "تفاصيل الطلب" })).toBeVisible();
    await page.getByLabel("الاسم القانوني").fill("عائشة رحمن");
    await page.getByLabel("الهاتف").fill("+971 50 123 4567");
    await expect(page.getByTestId("summary-total")).toContainText("650");
    await page.getByTestId("pay-button").click();

    await expect(page).toHaveURL(/\/ar\/test-checkout\/test_[0-9a-f]{32}$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: /^ادفع/ }).click();
    await expect(page).toHaveURL(/\/ar\/payment-success\?session_id=test_/);
    await expect(page.getByRole("heading", { name: "تم الدفع بنجاح!" })).toBeVisible();
    const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();

    const confirmation = await waitForMail(
      email,
      (mail) => mail.subject.includes(orderNumber) && mail.subject.startsWith("تم استلام طلبك"),
    );
    expect(confirmation.text).toContain("فحص حظر السفر");
    expect(confirmation.text).toContain("/ar/dashboard");
    await waitForMail(
      email,
      (mail) => mail.subject.includes(orderNumber) && mail.subject.startsWith("تم استلام الدفعة"),
    );

    // The client area names the order's service and package in Arabic (the order row keeps English).
    await page.goto("/ar/dashboard");
    await expect(page.getByRole("heading", { name: "فحص حظر السفر" }).first()).toBeVisible();
    expect(await latinWordsIn(page)).toEqual([]);
    await page.goto(
      `/ar/dashboard/orders/${(await page.locator('a[href*="/ar/dashboard/orders/"]').first().getAttribute("href"))!.split("/").pop()}`,
    );
    expect(await latinWordsIn(page)).toEqual([]);
  });

  test("the Arabic home page at 360 px mirrors the header, the cards and the chat button", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(MOBILE);
    const measure = async (path: string) => {
      await page.goto(path);
      const box = async (selector: string) => {
        const found = await page.locator(selector).first().boundingBox();
        expect(found, `${path} ${selector}`).not.toBeNull();
        return found!;
      };
      const center = (b: { x: number; width: number }) => b.x + b.width / 2;
      const brand = await box(`header a[href="${path}"]`);
      const cart = await box('[data-testid="cart-button"]');
      // The text of the first service card: its gaps to the card's two edges.
      const card = await page.evaluate(() => {
        const title = document.querySelector("#services li h3")!;
        const range = document.createRange();
        range.selectNodeContents(title);
        const text = range.getBoundingClientRect();
        const item = title.closest("li")!.getBoundingClientRect();
        return { leftGap: text.left - item.left, rightGap: item.right - text.right };
      });
      const chat = jsEnabled(testInfo) ? center(await box('[data-testid="chat-widget"] a')) : null;
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      return { brand: center(brand), cart: center(cart), card, chat, overflow };
    };
    const half = MOBILE.width / 2;
    const english = await measure("/");
    const arabic = await measure("/ar");
    // Header: brand at the reading start, cart at the end.
    expect(english.brand).toBeLessThan(half);
    expect(english.cart).toBeGreaterThan(half);
    expect(arabic.brand).toBeGreaterThan(half);
    expect(arabic.cart).toBeLessThan(half);
    // Cards: text starts at the reading-start edge.
    expect(english.card.leftGap).toBeLessThan(english.card.rightGap);
    expect(arabic.card.rightGap).toBeLessThan(arabic.card.leftGap);
    // The chat button (a script widget) sits on the reading-start side.
    if (english.chat !== null && arabic.chat !== null) {
      expect(english.chat).toBeLessThan(half);
      expect(arabic.chat).toBeGreaterThan(half);
    }
    // Nothing sticks out sideways in either direction.
    expect(english.overflow).toBeLessThanOrEqual(0);
    expect(arabic.overflow).toBeLessThanOrEqual(0);
  });

  test("every public page in Arabic is in Arabic: no English left but proper nouns, no raw keys", async ({ page }) => {
    test.slow();
    const problems: string[] = [];
    for (const path of publicPaths) {
      const arabicPath = path === "/" ? "/ar" : `/ar${path}`;
      const response = await page.goto(arabicPath);
      expect(response?.status(), arabicPath).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const words = await latinWordsIn(page);
      if (words.length > 0) problems.push(`${arabicPath}: ${words.join(", ")}`);
      const body = await page.locator("body").innerText();
      const raw = body.match(/\{[a-zA-Z]+\}|\bundefined\b|\bNaN\b|\[object Object\]/g);
      if (raw) problems.push(`${arabicPath}: ${raw.join(", ")}`);
    }
    expect(problems).toEqual([]);
  });

  test("the forms, the client area and the admin area in Arabic", async ({ page }) => {
    test.slow();
    const problems: string[] = [];
    const walk = async (paths: string[], only?: string) => {
      for (const path of paths) {
        await page.goto(path);
        expect(new URL(page.url()).pathname, path).toMatch(/^\/ar(\/|$)/);
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        const words = await latinWordsIn(page, only);
        if (words.length > 0) problems.push(`${path}: ${words.join(", ")}`);
      }
    };
    await walk([
      "/ar/client-login",
      "/ar/client-login?tab=register",
      "/ar/password-reset",
      "/ar/request-check",
      "/ar/assistant",
      "/ar/chat",
      "/ar/cart",
      "/ar/no-such-page",
    ]);
    // A client (named in Arabic: the page shows the name).
    await signUpVerified(page, { name: "ليلى حسن" });
    await walk(["/ar/dashboard", "/ar/dashboard/settings", "/ar/checkout"]);
    // Staff pages list what clients typed (names, messages, often English): their own words are
    // checked, i.e. headings, table headers, labels, buttons and navigation.
    await page.context().clearCookies();
    await signInAsAdmin(page);
    await walk(
      ["/ar/admin", "/ar/admin/inquiries", "/ar/admin/users", "/ar/admin/coupons", "/ar/admin/performance"],
      "h1, h2, h3, th, label, button, nav, legend, caption",
    );
    expect(problems).toEqual([]);
  });

  test("Accept-Language only suggests the Arabic page; the dismiss works and is remembered", async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({
      locale: "ar-AE",
      javaScriptEnabled: jsEnabled(testInfo),
      baseURL: testInfo.project.use.baseURL,
    });
    const page = await context.newPage();
    const response = await page.goto("/about");
    // No redirect: the English page, with a notice in Arabic.
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const notice = page.getByTestId("language-suggestion");
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute("lang", "ar");
    await expect(notice.getByRole("link", { name: "اقرأها بالعربية" })).toHaveAttribute("href", "/ar/about");
    await expectAccessible(page);

    await notice.getByRole("button", { name: "المتابعة بالإنجليزية" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByTestId("language-suggestion")).toHaveCount(0);
    expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("en");
    await page.goto("/services/compliance-audit");
    await expect(page.getByTestId("language-suggestion")).toHaveCount(0);

    // A fresh visitor following the suggestion reads Arabic, and an unknown bare address then
    // shows the Arabic not-found page.
    await context.clearCookies();
    await page.goto("/about");
    await page.getByTestId("language-suggestion").getByRole("link", { name: "اقرأها بالعربية" }).click();
    await expect(page).toHaveURL(/\/ar\/about$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.goto("/no-such-page");
    await expect(page).toHaveURL(/\/ar\/no-such-page$/);
    await expect(page.getByText("عذراً! الصفحة غير موجودة").first()).toBeVisible();
    await context.close();
  });
});

test.describe("the language switch", () => {
  test("the language switch leads to the same page in Arabic and back", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/ban-checks/labor-ban-check");
    await page.getByRole("link", { name: "اقرأ هذه الصفحة بالعربية" }).first().click();
    await expect(page).toHaveURL(/\/ar\/ban-checks\/labor-ban-check$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("فحص حظر العمل");
    await page.getByRole("link", { name: "Read this page in English" }).first().click();
    await expect(page).toHaveURL(/\/ban-checks\/labor-ban-check$/);
  });
});
