import type { Locator, Page } from "@playwright/test";
import { signInAsAdmin, signUpVerified } from "../support/browser-accounts";
import { expect, expectAccessible, PIXEL_7, test } from "../support/browser";

// Consultations are bought and their sessions found from a phone, with JavaScript and without it.
test.use(PIXEL_7);

async function buyFamilyConsultation(page: Page) {
  await page.goto("/services/legal-consultation");
  const card = page.locator(`form[action$="/cart/update"]:has(input[name="tierId"][value="family"])`).first();
  await expect(page.locator("#consultation-types")).toContainText("One 90-minute session");
  const added = page.waitForResponse(
    (response) => response.url().includes("/cart/update") && response.request().method() === "POST",
  );
  await card.locator('button[type="submit"]').click();
  await added;
  await page.waitForLoadState("load");
  await page.goto("/checkout");
  await expect(page.getByTestId("summary-total")).toContainText("900");
  await page.getByLabel("Legal Name").fill("Omar Haddad");
  await page.getByLabel("Phone").fill("050 765 4321");
  await page.getByTestId("pay-button").click();
  // The order is saved and the payment session made before the redirect: slow on a busy machine.
  await expect(page).toHaveURL(/\/test-checkout\/test_[0-9a-f]{32}$/, { timeout: 30_000 });
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 30_000 });
}

/** The change deadline (CONSULTATION_CHANGE_HOURS, 24) and an hour for the test's own time. */
const CHANGEABLE_HOURS = 25;

/** The index of the first time offered at least `hours` from now, from the `from`-th on, other than `except`. */
async function slotAtLeastHoursAway(slots: Locator, hours: number, from = 0, except?: string | null) {
  await expect(slots.getByRole("radio").first()).toBeVisible();
  const times = await slots
    .locator("time")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime") ?? ""));
  const index = times.findIndex(
    (time, i) => i >= from && time !== except && Date.parse(time) >= Date.now() + hours * 3_600_000,
  );
  expect(index, `a time at least ${hours} hours away among ${times.length} offered`).toBeGreaterThanOrEqual(0);
  return index;
}

test.describe("consultation sessions", () => {
  // A whole purchase on one page: sign-up, cart, checkout, payment, dashboard, then the admin's
  // sign-in (which may wait for a fresh two-factor step) and agenda: a shared machine is slow.
  test.describe.configure({ timeout: 180_000 });
  test("a paid consultation gives a session to book on the dashboard and the order page", async ({
    page,
    browser,
  }, testInfo) => {
    await signUpVerified(page);
    await expect(page.getByTestId("sessions-to-book")).toHaveCount(0);

    await buyFamilyConsultation(page);

    await page.goto("/dashboard");
    const reminder = page.getByTestId("sessions-to-book");
    await expect(reminder).toContainText("One consultation session to book");
    await expect(reminder.getByRole("link", { name: "Book your consultation" })).toHaveAttribute(
      "href",
      /\/dashboard\/orders\/[0-9a-f-]{36}\/book$/,
    );
    await page.goto(
      (await reminder.getByRole("link", { name: "Book your consultation" }).getAttribute("href"))!.replace(
        /\/book$/,
        "",
      ),
    );
    const credits = page.getByTestId("session-credits");
    await expect(credits).toContainText("One consultation session to book");
    await expect(page.getByTestId("order-lines").or(page.locator("body"))).toContainText("Family Consultation");
    await expectAccessible(page);

    // Booking: the way to meet, then a time (days as headings, Gulf time), confirmed by a POST.
    await credits.getByRole("link", { name: "Book your consultation" }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}\/book$/);
    await expect(page.getByRole("heading", { level: 1, name: "Book your consultation" })).toBeVisible();
    await page.getByRole("radio", { name: /Video call/ }).check();
    await page.getByRole("button", { name: "Show available times" }).click();
    const slots = page.getByTestId("slot-form");
    await expect(slots.getByRole("radio").first()).toBeVisible();
    await expect(slots.locator("h3").first()).toHaveText(/^(Sunday|Monday|Tuesday|Wednesday|Thursday) \d{1,2} \w+$/);
    await expect(slots.getByRole("radio").first()).toHaveAccessibleName(/\d{2}:\d{2} Gulf time/);
    await expectAccessible(page);
    // The visitor's own zone beside Gulf time (chosen in the select; detected with JavaScript).
    await page.getByLabel("Also show the times in").selectOption("Europe/London");
    await page.getByTestId("zone-form").getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/tz=Europe%2FLondon/);
    await expect(slots.getByRole("radio").first()).toHaveAccessibleName(/Gulf time.*(GMT|BST) your time/);
    // A time the client may still change and cancel (a session closer than the change deadline
    // cannot be: the first free time is a day away or less on some days of the week).
    // Each project (and repeat) its own time, so runs side by side never take the same one.
    const offset = (testInfo.project.use.javaScriptEnabled === false ? 5 : 0) + testInfo.repeatEachIndex * 10;
    const first = await slotAtLeastHoursAway(slots, CHANGEABLE_HOURS, offset);
    const chosen = await slots.locator("time").nth(first).getAttribute("datetime");
    await slots.getByRole("radio").nth(first).check();
    await slots.getByRole("button", { name: "Book this time" }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}#consultation$/);
    const booked = page.getByTestId("booked-sessions");
    await expect(booked.locator("time")).toHaveAttribute("datetime", chosen!);
    await expect(booked).toContainText("Gulf time (90 minutes)");
    await expect(booked.getByRole("link", { name: "Join the video call" })).toHaveAttribute(
      "href",
      /^https:\/\/meet\.jit\.si\/sanad-[\w-]{22}$/,
    );
    await expect(credits).not.toContainText("to book");
    await expect(booked.getByRole("link", { name: "Add to your calendar (.ics)" })).toHaveAttribute(
      "href",
      /\/sessions\/[0-9a-f-]{36}\/invite\.ics$/,
    );

    // The consultant's side: an admin (in another browser) finds the session in "My agenda", in Gulf time.
    const bookingId = (await booked
      .getByRole("link", { name: "Add to your calendar (.ics)" })
      .getAttribute("href"))!.match(/sessions\/([0-9a-f-]{36})\//)![1]!;
    const team = await browser.newContext({
      ...PIXEL_7,
      javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
      baseURL: process.env.E2E_BASE_URL,
    });
    const admin = await team.newPage();
    await signInAsAdmin(admin);
    await admin.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "My agenda" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: "My agenda" })).toBeVisible();
    await expect(admin.getByTestId("agenda-zone")).toContainText("Gulf time (UTC+4, Asia/Dubai)");
    const entry = admin.locator(`[data-session="${bookingId}"]`);
    await expect(entry.locator("time")).toHaveAttribute("datetime", chosen!);
    await expect(entry).toContainText("Video call");
    await expect(entry.getByRole("link", { name: /^#[0-9a-f]{8}$/ })).toHaveAttribute(
      "href",
      /\/admin\/orders\/[0-9a-f-]{36}$/,
    );
    // Not started yet: nothing to mark; a change needs a reason (the client's session stays as it is).
    await expect(entry.getByRole("button", { name: "Mark held" })).toHaveCount(0);
    await expectAccessible(admin);
    await admin.goto("/ar/admin/agenda");
    await expect(admin.getByRole("heading", { level: 1, name: "مواعيدي" })).toBeVisible();
    await expect(admin.locator(`[data-session="${bookingId}"]`)).toContainText("مكالمة فيديو");
    await team.close();

    // Reschedule: the same page, the current session named; another time, then the order page again.
    await booked.getByRole("link", { name: "Change the time" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Change the time of your consultation" })).toBeVisible();
    await expect(page.getByTestId("current-session")).toContainText("Gulf time");
    await page.getByRole("button", { name: "Show available times" }).click();
    const newSlots = page.getByTestId("slot-form");
    const laterIndex = await slotAtLeastHoursAway(newSlots, CHANGEABLE_HOURS, offset + 3, chosen);
    const later = newSlots.getByRole("radio").nth(laterIndex);
    const laterTime = await newSlots.locator("time").nth(laterIndex).getAttribute("datetime");
    expect(laterTime).not.toBe(chosen);
    await later.check();
    await newSlots.getByRole("button", { name: "Book this time" }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}#consultation$/);
    await expect(page.getByTestId("booked-sessions").locator("time")).toHaveAttribute("datetime", laterTime!);

    // Cancel: the credit is back.
    await page.getByTestId("booked-sessions").getByRole("button", { name: "Cancel the session" }).click();
    await expect(page.getByTestId("booked-sessions")).toHaveCount(0);
    await expect(page.getByTestId("session-credits")).toContainText("One consultation session to book");

    await page.goto("/ar/dashboard");
    await expect(page.getByTestId("sessions-to-book")).toContainText("جلسة استشارية واحدة بانتظار الحجز");
  });
});

test.describe("public holidays", () => {
  test.describe.configure({ timeout: 120_000 });

  test("an admin adds a holiday, sees a clear error for a date already listed, and removes it", async ({
    page,
  }, testInfo) => {
    await signInAsAdmin(page);
    await page.goto("/admin/holidays");
    await expect(page.getByRole("heading", { level: 1, name: "UAE public holidays" })).toBeVisible();
    // One date per project, so the two projects do not meet on the same row.
    const day = testInfo.project.name === "js-on" ? "2031-12-02" : "2031-12-03";
    const form = page.getByTestId("holiday-form");
    const add = async () => {
      await form.getByLabel("Date").fill(day);
      await form.getByLabel("Name in English").fill("National Day");
      await form.getByLabel("Name in Arabic").fill("اليوم الوطني");
      await form.getByRole("button", { name: "Add holiday" }).click();
    };
    await add();
    const row = page.locator(`[data-holiday="${day}"]`);
    await expect(row).toContainText("National Day");
    await add();
    await expect(page.getByText("That date is already on the list.")).toBeVisible();
    await expect(page.getByTestId("holiday-form").getByLabel("Name in English")).toHaveValue("National Day");
    await expectAccessible(page);

    await page.goto("/ar/admin/holidays");
    await expect(page.locator(`[data-holiday="${day}"]`)).toContainText("اليوم الوطني");
    await page.goto("/admin/holidays");
    await page
      .locator(`[data-holiday="${day}"]`)
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(page.locator(`[data-holiday="${day}"]`)).toHaveCount(0);
  });
});
