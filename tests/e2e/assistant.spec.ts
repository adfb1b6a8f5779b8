import type { Page } from "@playwright/test";
import { startFakeAnthropic } from "../support/fake-anthropic";
import { startServer, type RunningServer } from "../support/server-process";
import { expect, expectAccessible, jsEnabled, ONLY_WITH_JAVASCRIPT, test } from "../support/browser";

const FAILURE_START = "I apologize, but I'm having trouble processing your request right now";

function chat(page: Page) {
  const root = page.locator("#assistant");
  return {
    root,
    box: root.getByLabel("Your question"),
    send: root.getByRole("button", { name: "Send" }),
    messages: root.getByTestId("assistant-messages").locator("li[data-role]"),
    answers: root.locator('li[data-role="assistant"]:not([data-pending])'),
  };
}

/**
 * Opens a page with the chat and scrolls to it. With JavaScript, waits until the chat's script has
 * taken over: page sections hydrate when they come into view (decision 016).
 */
async function open(page: Page, url: string) {
  await page.goto(url);
  await scrollToChat(page);
}

async function scrollToChat(page: Page) {
  await page.locator("#assistant").scrollIntoViewIfNeeded();
  if (jsEnabled(test.info())) await expect(page.locator("#assistant")).toHaveAttribute("data-ready", "true");
}

/** Sends a question the way the visitor would: Enter with JavaScript, the Send button without. */
async function ask(page: Page, question: string) {
  const c = chat(page);
  await c.box.fill(question);
  if (jsEnabled(test.info())) await c.box.press("Enter");
  else await Promise.all([page.waitForURL(/\/ask-lawyer#assistant$/), c.send.click()]);
}

test.describe("ask-a-lawyer assistant, offline answerer (no API key)", () => {
  test("answers a quick question with a labelled automatic answer, kept after a reload", async ({ page }) => {
    await open(page, "/ask-lawyer");
    const c = chat(page);
    await expect(c.root).toBeVisible();
    await expect(c.messages).toHaveCount(0);
    await ask(page, "How much does a labour ban check cost?");

    const answer = c.answers.last();
    await expect(answer).toContainText("AED 650");
    await expect(answer).toContainText("Automatic answer");
    await expect(answer.getByRole("link", { name: "Book a consultation" })).toHaveAttribute(
      "href",
      "/ask-lawyer#inquiry",
    );
    await expect(answer.getByRole("link", { name: "Labor Ban Check" })).toHaveAttribute(
      "href",
      "/ban-checks/labor-ban-check",
    );
    await expect(c.root.locator('li[data-role="user"]')).toHaveText(/How much does a labour ban check cost\?/);
    if (jsEnabled(test.info())) await expect(c.box).toBeFocused();
    await expect(c.box).toHaveValue("");

    await page.reload();
    await scrollToChat(page);
    await expect(chat(page).messages).toHaveCount(2);
    await expect(chat(page).answers.last()).toContainText("AED 650");
    await expectAccessible(page);

    await Promise.all([
      page.waitForURL(/\/ask-lawyer#assistant$/),
      chat(page).root.getByRole("button", { name: "Start a new conversation" }).click(),
    ]);
    await expect(chat(page).messages).toHaveCount(0);
  });

  test("ignores an empty question", async ({ page }) => {
    await open(page, "/ask-lawyer");
    const c = chat(page);
    if (jsEnabled(test.info())) {
      await c.box.fill("   ");
      await c.box.press("Enter");
      await c.send.click();
    } else {
      // The browser refuses an empty required box; whitespace reaches the server, which ignores it.
      await c.box.fill("   ");
      await Promise.all([page.waitForURL(/\/ask-lawyer#assistant$/), c.send.click()]);
    }
    await expect(c.messages).toHaveCount(0);
  });

  test("Shift+Enter makes a new line instead of sending", ONLY_WITH_JAVASCRIPT, async ({ page }) => {
    await open(page, "/ask-lawyer");
    const c = chat(page);
    await c.box.fill("First line");
    await c.box.press("Shift+Enter");
    await c.box.pressSequentially("second line");
    await expect(c.box).toHaveValue("First line\nsecond line");
    await expect(c.messages).toHaveCount(0);
  });

  test("answers in Arabic on the Arabic page", async ({ page }) => {
    await open(page, "/ar/ask-lawyer");
    const c = chat(page);
    await c.root.getByLabel("سؤالك").fill("كم تكلفة فحص حظر السفر؟");
    if (jsEnabled(test.info())) await c.root.getByLabel("سؤالك").press("Enter");
    else
      await Promise.all([
        page.waitForURL(/\/ar\/ask-lawyer#assistant$/),
        c.root.getByRole("button", { name: "إرسال" }).click(),
      ]);
    const answer = c.answers.last();
    await expect(answer).toContainText("إجابة تلقائية");
    await expect(answer.getByRole("link", { name: "احجز استشارة" })).toHaveAttribute("href", "/ar/ask-lawyer#inquiry");
    await expectAccessible(page);
  });
});

test.describe("ask-a-lawyer assistant with the Anthropic API (local fake)", () => {
  test.describe.configure({ mode: "serial" });
  let fake: Awaited<ReturnType<typeof startFakeAnthropic>>;
  let server: RunningServer;
  let base: string;

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from an object pattern
  test.beforeAll(async ({}, testInfo) => {
    // A second server of our own (the shared one runs without an API key): slow to start on a busy machine.
    testInfo.setTimeout(150_000);
    fake = await startFakeAnthropic();
    server = await startServer({
      SITE_URL: "http://localhost:{port}",
      NODE_ENV: "production",
      LOG_REQUESTS: "false",
      ANTHROPIC_API_KEY: "sk-ant-e2e-0123456789",
      ANTHROPIC_BASE_URL: fake.baseURL,
      ANTHROPIC_TIMEOUT_MS: "6000",
      CONTACT_PHONE: "+971 4 555 0199",
    });
    // Chromium treats localhost as a secure context, so the production (Secure) cookies work over http.
    base = server.url.replace("127.0.0.1", "localhost");
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test("streams the answer in, then shows the conversation after a reload", async ({ page }) => {
    const text =
      "A travel ban is an order that stops a person from leaving the UAE, usually after a court case or an unpaid debt. Our Travel Ban Check tells you if one is registered.";
    // Slow enough to see the answer grow, well within the server's 6 s answer timeout.
    fake.setMode({ kind: "answer", text, chunkDelayMs: jsEnabled(test.info()) ? 80 : 2 });
    await open(page, `${base}/ask-lawyer`);
    const c = chat(page);
    await expect(c.root).not.toHaveAttribute("data-offline");
    await ask(page, "What is a travel ban?");
    if (jsEnabled(test.info())) {
      // Part of the answer is on screen before the rest has arrived, and the box waits meanwhile.
      const pending = c.root.locator("li[data-pending]");
      await expect(pending).toContainText("A travel ban is an order");
      await expect(pending).not.toContainText("registered.");
      await expect(c.box).toBeDisabled();
    }
    await expect(c.answers.last()).toHaveText(/Our Travel Ban Check tells you if one is registered\.$/);
    await expect(c.answers.last()).not.toContainText("Automatic answer");
    await expect(c.box).toBeEnabled();

    await page.reload();
    await scrollToChat(page);
    await expect(chat(page).messages).toHaveCount(2);
    await expect(chat(page).answers.last()).toContainText("Our Travel Ban Check tells you if one is registered.");
    await expectAccessible(page);
  });

  test("a failing API ends in the failure reply and the toast, with the question kept to send again", async ({
    page,
  }) => {
    const js = jsEnabled(test.info());
    // With JavaScript: a hung API shows 'Thinking...' until the server's timeout; without, a 500.
    fake.setMode(js ? { kind: "hang" } : { kind: "error", status: 500 });
    await open(page, `${base}/ask-lawyer`);
    const c = chat(page);
    await ask(page, "Can my employer cancel my visa?");
    if (js) {
      await expect(c.root.locator("li[data-pending]")).toContainText("Thinking...");
      await expect(c.box).toBeDisabled();
    }
    await expect(c.answers.last()).toContainText(FAILURE_START, { timeout: 15_000 });
    await expect(c.answers.last()).toContainText("+971 4 555 0199");
    await expect(page.getByText("Failed to get response. Please try again.")).toBeVisible();
    await expect(c.box).toHaveValue("Can my employer cancel my visa?");

    // Sending it again works once the API is back.
    fake.setMode({ kind: "answer", text: "Only through the proper cancellation process." });
    if (js) await c.box.press("Enter");
    else await Promise.all([page.waitForURL(/#assistant$/), c.send.click()]);
    await expect(c.answers.last()).toHaveText(/Only through the proper cancellation process\./);
  });
});
