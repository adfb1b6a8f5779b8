import { signInAsAdmin, signInAsStaff } from "../support/browser-accounts";
import { expect, expectAccessible, test } from "../support/browser";

// The consultants' side of consultations, on a desktop, with JavaScript and without it: a member
// of staff's agenda (held / missed), the admins' booking list and the consultants' hours.
// Each project has its own consultant and sessions (tests/support/seed-backoffice.ts).

type Fixture = {
  password: string;
  consultations: {
    staff: { email: string; name: string; totpSecret: string; id: string };
    client: string;
    started: [string, string];
    upcoming: string;
    cancelled: string;
  };
};

function fixture(project: string): Fixture {
  const raw = process.env.E2E_BACKOFFICE;
  if (!raw) throw new Error("E2E_BACKOFFICE is not set (global setup)");
  const parsed = JSON.parse(raw) as {
    password: string;
    projects: Record<string, { consultations: Fixture["consultations"] }>;
  };
  return { password: parsed.password, consultations: parsed.projects[project]!.consultations };
}

/** Today's date in Gulf time (UTC+4), as the date fields take it. */
const gulfDay = (offsetDays = 0) =>
  new Date(Date.now() + 4 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

test.describe("consultations in the back office", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a member of staff sees their sessions of today in My agenda and marks one held and one missed", async ({
    page,
  }, testInfo) => {
    const { password, consultations: c } = fixture(testInfo.project.name);
    await signInAsStaff(page, c.staff, password);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "My agenda" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My agenda" })).toBeVisible();
    const today = page.locator("section[aria-labelledby='agenda-today']");
    const [first, second] = c.started.map((id) => today.locator(`[data-session="${id}"]`));
    await expect(first!).toContainText(c.client);
    await expect(first!).toContainText("Phone call");
    // The session in three days is in the week; the cancelled one is left out.
    await expect(
      page.locator("section[aria-labelledby='agenda-week']").locator(`[data-session="${c.upcoming}"]`),
    ).toBeVisible();
    await expect(page.locator(`[data-session="${c.cancelled}"]`)).toHaveCount(0);
    await expectAccessible(page);

    await first!.getByRole("button", { name: "Mark held" }).click();
    await expect(first!).toHaveAttribute("data-state", "held");
    await expect(first!).toContainText("Held");
    await expect(first!.getByRole("button", { name: "Mark held" })).toHaveCount(0);
    await second!.getByRole("button", { name: "Mark missed" }).click();
    await expect(second!).toHaveAttribute("data-state", "missed");
    await expect(second!).toContainText("Missed");

    // Not started yet: nothing to mark.
    await expect(page.locator(`[data-session="${c.upcoming}"]`).getByRole("button", { name: "Mark held" })).toHaveCount(
      0,
    );
    await page.goto("/ar/admin/agenda");
    await expect(page.getByRole("heading", { level: 1, name: "مواعيدي" })).toBeVisible();
    await expect(page.locator(`[data-session="${c.started[0]}"]`)).toContainText("عُقدت");
    await expect(page.locator(`[data-session="${c.started[1]}"]`)).toContainText("فائتة");
    await expectAccessible(page);
  });

  test("an admin filters every booking by consultant, dates and state, and a filter that cannot be read says why", async ({
    page,
  }, testInfo) => {
    const { consultations: c } = fixture(testInfo.project.name);
    await signInAsAdmin(page);
    await page.goto("/admin/bookings");
    await expect(page.getByRole("heading", { level: 1, name: "Consultation bookings" })).toBeVisible();
    const filter = page.getByTestId("bookings-filter");
    await filter.getByLabel("Consultant").selectOption(c.staff.id);
    await filter.getByLabel("From").fill(gulfDay());
    await filter.getByLabel("To").fill(gulfDay(6));
    await filter.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`consultant=${c.staff.id}`));
    // The fixture's client's sessions with this consultant. Every member of staff consults, so a
    // client of another test running meanwhile may have booked this consultant too: those rows are
    // theirs, not counted here.
    const rows = page.getByTestId("bookings").locator("tbody tr").filter({ hasText: c.client });
    for (const id of [...c.started, c.upcoming, c.cancelled])
      await expect(page.locator(`tr[data-booking="${id}"]`)).toContainText(c.client);
    await expect(rows).toHaveCount(4);
    await expectAccessible(page);

    await page.getByTestId("bookings-filter").getByLabel("State").selectOption("cancelled");
    await page.getByTestId("bookings-filter").getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/state=cancelled/);
    await expect(rows).toHaveCount(1);
    await expect(page.locator(`tr[data-booking="${c.cancelled}"]`)).toContainText("Cancelled");
    // The later days only: the session in three days.
    await page.getByTestId("bookings-filter").getByLabel("State").selectOption("booked");
    await page.getByTestId("bookings-filter").getByLabel("From").fill(gulfDay(1));
    await page.getByTestId("bookings-filter").getByRole("button", { name: "Show" }).click();
    await expect(rows).toHaveCount(1);
    await expect(page.locator(`tr[data-booking="${c.upcoming}"]`)).toBeVisible();

    // A crafted address: a field error, the input kept, never a 500.
    const response = await page.goto(`/admin/bookings?consultant=${c.staff.id}&from=2026-02-30&to=${gulfDay()}`);
    expect(response?.status()).toBeLessThan(500);
    await expect(page.getByText("Enter the first day as a date, such as 2026-12-01.")).toBeVisible();
    await expect(page.getByTestId("bookings-filter").getByLabel("Consultant")).toHaveValue(c.staff.id);

    await page.goto(`/ar/admin/bookings?consultant=${c.staff.id}&from=${gulfDay()}&to=${gulfDay(6)}&state=cancelled`);
    await expect(page.getByRole("heading", { level: 1, name: "حجوزات الاستشارات" })).toBeVisible();
    await expect(page.locator(`tr[data-booking="${c.cancelled}"]`)).toBeVisible();
  });

  test("an admin gives a consultant two stretches on a day, a day without hours and a day off; an overlap is refused with the input kept", async ({
    page,
  }, testInfo) => {
    const { consultations: c } = fixture(testInfo.project.name);
    await signInAsAdmin(page);
    await page.goto(`/admin/consultants?consultant=${c.staff.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Consultants" })).toBeVisible();
    const form = page.getByTestId("consultant-settings");
    // The office's hours until changed: one stretch a day, Sunday to Thursday.
    await expect(form.locator("#start1_0")).toHaveValue("09:00");
    await expect(form.locator("#start1_1")).toHaveValue("");

    // Monday 09:00–13:00 and 14:00–18:00; Wednesday without hours.
    await form.locator("#end1_0").fill("13:00");
    await form.locator("#start1_1").fill("14:00");
    await form.locator("#end1_1").fill("18:00");
    await form.locator("#start3_0").fill("");
    await form.locator("#end3_0").fill("");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The consultant's hours and modes are saved.")).toBeVisible();
    await page.goto(`/admin/consultants?consultant=${c.staff.id}`);
    const saved = page.getByTestId("consultant-settings");
    await expect(saved.locator("#start1_0")).toHaveValue("09:00");
    await expect(saved.locator("#end1_0")).toHaveValue("13:00");
    await expect(saved.locator("#start1_1")).toHaveValue("14:00");
    await expect(saved.locator("#end1_1")).toHaveValue("18:00");
    await expect(saved.locator("#start3_0")).toHaveValue("");
    await expect(saved.locator("#start2_0")).toHaveValue("09:00");

    // A day off (a date), listed and removable.
    const dayOff = gulfDay(testInfo.project.name === "js-on" ? 20 : 21);
    await page.getByLabel("Add a day off").fill(dayOff);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("The day off is added.")).toBeVisible();
    await expect(page.getByTestId("days-off").locator(`time[datetime="${dayOff}"]`)).toBeVisible();

    // Tuesday's second stretch overlaps its first: refused on that field, what was typed kept.
    const again = page.getByTestId("consultant-settings");
    await again.locator("#start2_1").fill("12:00");
    await again.locator("#end2_1").fill("19:00");
    await again.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("This stretch overlaps another one on the same day.")).toBeVisible();
    await expect(page.getByTestId("consultant-settings").locator("#start2_1")).toHaveValue("12:00");
    await expect(page.getByTestId("consultant-settings").locator("#end2_1")).toHaveValue("19:00");
    await expect(page.getByTestId("consultant-settings").locator("#start2_1")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    // Nothing of the refused form was saved.
    await page.goto(`/admin/consultants?consultant=${c.staff.id}`);
    await expect(page.getByTestId("consultant-settings").locator("#start2_1")).toHaveValue("");

    await page.goto(`/ar/admin/consultants?consultant=${c.staff.id}`);
    await expect(page.getByTestId("hours-1")).toContainText("الاثنين");
    await expect(page.getByTestId("hours-1").getByLabel("من · الفترة 2")).toHaveValue("14:00");
    await expectAccessible(page);
  });
});
