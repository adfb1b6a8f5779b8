import type { Locator, Page, Route } from "@playwright/test";
import { SUBMIT_TIMEOUT_MS } from "../../app/forms/submission";
import {
  expect,
  mailTo,
  ONLY_WITH_JAVASCRIPT,
  PIXEL_7,
  test,
  uniqueEmail,
  waitForMail,
  whenInteractive,
} from "../support/browser";

// The resilient submit path (app/forms/submission.ts): with JavaScript, a request the connection
// does not carry, or that gets no answer in time, leaves the page and what was typed, shows the
// spec's 'Submission Failed' notice with a retry, and the retry is stored once. Without
// JavaScript the browser itself shows its connection error and Back returns to the filled form:
// these tests are the script's own behaviour.
test.use(PIXEL_7);

/** Requests for a route's data (Remix sends forms to "<path>.data"). */
const dataOf = (path: string) => (url: URL) => url.pathname === `${path}.data` || url.pathname === `/ar${path}.data`;
/** Every request for data: the connection is down for the submission and for any read after it. */
const anyData = (url: URL) => url.pathname.endsWith(".data");

function failureNotice(page: Page) {
  return page.getByTestId("submit-failure");
}

async function fillInquiry(form: Locator, email: string) {
  await whenInteractive(form.locator("form"));
  await form.getByLabel("Full Name").fill("Aisha Khan");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("+971 50 123 4567");
  await form.getByLabel("Country").selectOption("Qatar");
  await form.getByLabel("Additional Details").fill("My visa was cancelled. Can I take a new job?");
  await form.getByRole("checkbox").check();
}

async function expectInquiryKept(page: Page, form: Locator, email: string) {
  // The page stays (no error page) and so does everything typed.
  await expect(page).not.toHaveTitle(/Something went wrong/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Labor Ban Check");
  await expect(form.getByLabel("Full Name")).toHaveValue("Aisha Khan");
  await expect(form.getByLabel("Email Address")).toHaveValue(email);
  await expect(form.getByLabel("Country")).toHaveValue("Qatar");
  await expect(form.getByLabel("Additional Details")).toHaveValue("My visa was cancelled. Can I take a new job?");
  await expect(form.getByRole("checkbox")).toBeChecked();
}

/** Acknowledgements sent to `email`: one per stored inquiry (queued with it, in its transaction). */
async function acknowledgements(email: string) {
  await waitForMail(email);
  // A second one would have been queued with a second inquiry: give the worker time to send it.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return (await mailTo(email)).filter((mail) => mail.subject === "We received your inquiry");
}

test.describe("forms on a bad connection", () => {
  test(
    "inquiry: a dropped connection keeps the page and the input, says so, and the retry stores one inquiry",
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      const email = uniqueEmail("dropped");
      await page.goto("/ban-checks/labor-ban-check");
      const form = page.locator("#inquiry-form");
      await fillInquiry(form, email);

      await page.route(anyData, (route) => route.abort("internetdisconnected"));
      await form.getByRole("button", { name: "Submit Inquiry" }).click();
      const notice = failureNotice(page);
      await expect(notice).toContainText("Submission Failed");
      await expect(notice).toContainText("Please try again or contact our support team");
      await expect(notice).toBeFocused();
      await expectInquiryKept(page, form, email);
      await expect(page).toHaveURL(/\/ban-checks\/labor-ban-check$/);

      await page.unrouteAll();
      await notice.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByText("Inquiry Submitted Successfully").first()).toBeVisible();
      await expect(notice).toHaveCount(0);
      await expect(form.getByLabel("Full Name")).toHaveValue("");
      expect(await acknowledgements(email)).toHaveLength(1);
    },
  );

  test(
    "inquiry: no answer in time shows the notice; the retry meets the first request's inquiry, stored once",
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      const email = uniqueEmail("slow");
      await page.clock.install();
      await page.goto("/ban-checks/labor-ban-check");
      const form = page.locator("#inquiry-form");
      await fillInquiry(form, email);

      // The first request is held on its way (a stalled mobile connection), then let through late.
      let held: Route | undefined;
      await page.route(dataOf("/inquiry"), async (route) => {
        if (!held) held = route;
        else await route.continue();
      });
      await form.getByRole("button", { name: "Submit Inquiry" }).click();
      await expect.poll(() => held !== undefined).toBe(true);
      await expect(form.getByRole("button", { name: "Submitting..." })).toBeDisabled();
      await page.clock.fastForward(SUBMIT_TIMEOUT_MS + 1000);
      const notice = failureNotice(page);
      await expect(notice).toContainText("Submission Failed");
      await expect(notice).toHaveAttribute("data-failure", "timeout");
      await expectInquiryKept(page, form, email);

      // The late request is stored after all; the retry carries the same key and stores nothing new.
      await held!.continue();
      await waitForMail(email);
      await notice.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByText("Inquiry Submitted Successfully").first()).toBeVisible();
      expect(await acknowledgements(email)).toHaveLength(1);
    },
  );

  test(
    "travel check, chat widget and cart on one page: each keeps its input and retries without doubling",
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      await page.goto("/ban-checks/travel-ban-check?check=1#check");
      const email = uniqueEmail("travel-dropped");

      // The travel check.
      const check = page.locator("#check");
      await whenInteractive(check.locator("form"));
      await check.getByLabel("Full Name").fill("Rahul Menon");
      await check.getByLabel("Emirates ID or Passport Number").fill("784-1985-1234567-1");
      await check.getByLabel("Nationality").fill("Indian");
      await check.getByLabel("Phone Number").fill("+971 55 765 4321");
      await check.getByLabel("Email Address").fill(email);
      await check.getByRole("checkbox").check();
      await page.route(anyData, (route) => route.abort("internetdisconnected"));
      await check.getByRole("button", { name: "Check Status" }).click();
      await expect(check.getByTestId("submit-failure")).toContainText("Submission Failed");
      await expect(page.getByTestId("checking-overlay")).toHaveCount(0);
      await expect(check.getByLabel("Emirates ID or Passport Number")).toHaveValue("784-1985-1234567-1");
      await page.unrouteAll();
      await check.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByTestId("travel-check-result")).toContainText(email, { timeout: 15_000 });

      // The cart: the change stays shown, the panel says it was not saved, Try again saves it once.
      await page.route("**/cart/update", (route) => route.abort("internetdisconnected"));
      const plan = page.locator("#packages [data-tier='basic'] form");
      await whenInteractive(plan);
      await plan.getByRole("button").click();
      await expect(page.getByTestId("cart-count")).toHaveText("1");
      await page.getByTestId("cart-button").click();
      const panel = page.getByTestId("cart-panel");
      await expect(panel.getByTestId("submit-failure")).toContainText("Your cart could not be updated");
      await page.unrouteAll();
      const saved = page.waitForResponse(
        (response) => response.url().endsWith("/cart/update") && response.status() === 200,
      );
      await panel.getByRole("button", { name: "Try again" }).click();
      await saved;
      await expect(panel.getByTestId("submit-failure")).toHaveCount(0);
      await expect(panel.locator("[data-cart-line='travel-ban:basic'] [data-testid='line-quantity']")).toHaveText("1");
      await page.keyboard.press("Escape");

      // The chat widget: the unsent message stays, Try again sends it once.
      await page.getByRole("link", { name: "Chat with a legal expert" }).click();
      const chat = page.getByTestId("chat-panel");
      await page.route(anyData, (route) => route.abort("internetdisconnected"));
      await chat.getByLabel("Your message").fill("How much is a contract review?");
      await chat.getByLabel("Your message").press("Enter");
      await expect(chat.getByTestId("submit-failure")).toContainText("Submission Failed");
      await expect(chat.locator("[data-role='unsent']")).toHaveText("How much is a contract review?");
      await page.unrouteAll();
      await chat.getByRole("button", { name: "Try again" }).click();
      await expect(chat.locator('[data-role="assistant"]').last()).toContainText("AED 1,200", { timeout: 10_000 });
      await expect(
        chat.locator('[data-role="user"]').filter({ hasText: "How much is a contract review?" }),
      ).toHaveCount(1);

      // Reloaded, the server's truth: one cart line of one, one chat question.
      await page.reload();
      await expect(page.getByTestId("cart-count")).toHaveText("1");
    },
  );

  test(
    "the wizard's Submit & Pay and the sign-in form keep what was entered",
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      await page.goto("/request-check");
      await whenInteractive(page.locator("main form"));
      await page.getByLabel("Full Name").fill("Fatima Al Zahra");
      await page.getByLabel("Emirates ID").fill("784-1992-7654321-2");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByLabel("Phone Number").fill("+971 50 765 4321");
      await page.getByLabel("Email Address").fill(uniqueEmail("wizard-dropped"));
      await page.getByRole("button", { name: "Continue" }).click();
      await page.route(anyData, (route) => route.abort("internetdisconnected"));
      await page.getByRole("button", { name: "Submit & Pay" }).click();
      await expect(failureNotice(page)).toContainText("Submission Failed");
      await expect(page.getByTestId("wizard-summary")).toContainText("Fatima Al Zahra");
      await page.unrouteAll();
      await failureNotice(page).getByRole("button", { name: "Try again" }).click();
      await expect(page).toHaveURL(/\/(client-login|checkout)/);

      await page.goto("/client-login");
      await whenInteractive(page.locator("#login-form"));
      await page.locator("#login-email").fill("someone@example.com");
      await page.locator("#login-password").fill("not-the-password-1");
      await page.route(anyData, (route) => route.abort("internetdisconnected"));
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(failureNotice(page)).toContainText("Submission Failed");
      await expect(page.locator("#login-email")).toHaveValue("someone@example.com");
      await page.unrouteAll();
      await failureNotice(page).getByRole("button", { name: "Try again" }).click();
      // The server's own answer now: a refused sign-in, shown in the form.
      await expect(failureNotice(page)).toHaveCount(0);
      await expect(page.locator("#login-form")).toContainText(/Invalid email or password/i);
    },
  );
});
