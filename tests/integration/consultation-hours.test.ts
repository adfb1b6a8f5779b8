import crypto from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consultantSettings, orderItems, orders, users } from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { availableSlots, bookSession } from "../../app/consultations/booking.server";
import {
  consultantSettingsOf,
  consultantSettingsSchema,
  saveConsultantSettings,
} from "../../app/consultations/consultant-settings.server";
import { formatTime } from "../../app/consultations/time-zones";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const gst = (local: string) => new Date(`${local}+04:00`);
// A Sunday morning, Gulf time; Monday is 7 December.
const NOW = gst("2026-12-06T08:00:00");

/** What a browser sends: every row of the form, the empty ones as "". */
function formOf(values: Record<string, string>) {
  const form = new FormData();
  form.set("consults", "on");
  form.append("modes", "video");
  for (let day = 0; day < 7; day++)
    for (let n = 0; n < 3; n++) {
      form.set(`start${day}_${n}`, values[`start${day}_${n}`] ?? "");
      form.set(`end${day}_${n}`, values[`end${day}_${n}`] ?? "");
    }
  form.set("videoUrl", "");
  return form;
}

const errorsOf = (values: Record<string, string>) => {
  const submission = parseWithZod(formOf(values), { schema: consultantSettingsSchema });
  return submission.status === "success" ? {} : submission.reply().error;
};

describe(`several stretches of hours a day on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let consultant: string;

  beforeAll(async () => {
    process.env.SITE_URL = "https://sanad.example";
    resetEnvForTests();
    // The only consultant here: the slots offered are theirs.
    const [row] = await t.handle.db
      .insert(users)
      .values({ email: "hours-consultant@example.com", passwordHash: "x", role: "staff" })
      .returning({ id: users.id });
    consultant = row!.id;
  });

  it("refuses stretches that end before they start, overlap within a day, lack a time or leave the day, and keeps the rest apart", () => {
    expect(errorsOf({ start1_0: "09:00", end1_0: "13:00", start1_1: "14:00", end1_1: "18:00" })).toEqual({});
    // Touching stretches are fine; midnight (00:00 or 24:00 typed) ends the day.
    expect(
      errorsOf({
        start2_0: "09:00",
        end2_0: "13:00",
        start2_1: "13:00",
        end2_1: "00:00",
        start3_0: "20:00",
        end3_0: "24:00",
      }),
    ).toEqual({});
    expect(errorsOf({ start1_0: "14:00", end1_0: "10:00" })).toEqual({ end1_0: ["order"] });
    // The later of two overlapping stretches is marked, whichever row it is in.
    expect(errorsOf({ start1_0: "14:00", end1_0: "18:00", start1_1: "09:00", end1_1: "14:30" })).toEqual({
      start1_0: ["overlap"],
    });
    expect(
      errorsOf({
        start1_0: "09:00",
        end1_0: "18:00",
        start1_1: "10:00",
        end1_1: "11:00",
        start1_2: "12:00",
        end1_2: "13:00",
      }),
    ).toEqual({ start1_1: ["overlap"], start1_2: ["overlap"] });
    // The same hours on different days do not clash.
    expect(errorsOf({ start0_0: "09:00", end0_0: "13:00", start1_0: "09:00", end1_0: "13:00" })).toEqual({});
    expect(errorsOf({ start1_2: "10:00" })).toEqual({ end1_2: ["pair"] });
    expect(errorsOf({ start1_0: "24:00", end1_0: "24:30", start4_1: "9:00", end4_1: "10:00" })).toEqual({
      start1_0: ["time"],
      end1_0: ["time"],
      start4_1: ["time"],
    });
  });

  it("keeps two stretches a day and offers no slot in the gap between them", async () => {
    const submission = parseWithZod(
      formOf({
        start1_0: "14:00",
        end1_0: "18:00",
        start1_1: "09:00",
        end1_1: "13:00",
        start3_0: "16:00",
        end3_0: "00:00",
      }),
      { schema: consultantSettingsSchema },
    );
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.reply().error));
    await saveConsultantSettings(consultant, submission.value);
    const [row] = await t.handle.db.select().from(consultantSettings).where(eq(consultantSettings.userId, consultant));
    expect(row!.weeklyHours).toEqual([
      { weekday: 1, startMinute: 9 * 60, endMinute: 13 * 60 },
      { weekday: 1, startMinute: 14 * 60, endMinute: 18 * 60 },
      { weekday: 3, startMinute: 16 * 60, endMinute: 24 * 60 },
    ]);
    // Read back in order, empty rows empty, midnight as 00:00.
    expect((await consultantSettingsOf(consultant, NOW))?.values).toMatchObject({
      start1_0: "09:00",
      end1_0: "13:00",
      start1_1: "14:00",
      end1_1: "18:00",
      start1_2: "",
      start3_0: "16:00",
      end3_0: "00:00",
      start0_0: "",
    });

    const slots = await availableSlots("video", 60, NOW);
    const monday = slots.filter(
      (s) =>
        s.startsAt.getTime() >= gst("2026-12-07T00:00:00").getTime() &&
        s.startsAt.getTime() < gst("2026-12-08T00:00:00").getTime(),
    );
    expect(monday.map((s) => formatTime(s.startsAt, "en"))).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
      "17:00",
    ]);
    const wednesday = slots.filter(
      (s) =>
        s.startsAt.getTime() >= gst("2026-12-09T00:00:00").getTime() &&
        s.startsAt.getTime() < gst("2026-12-10T00:00:00").getTime(),
    );
    expect(wednesday.at(-1)!.startsAt).toEqual(gst("2026-12-09T23:00:00"));
    expect(slots.every((s) => s.consultantId === consultant)).toBe(true);

    // A session in the gap, or running into it, is refused as outside the consultant's hours.
    const [client] = await t.handle.db
      .insert(users)
      .values({ email: `hours-${crypto.randomUUID()}@example.com`, passwordHash: "x", role: "client" })
      .returning({ id: users.id });
    const [order] = await t.handle.db
      .insert(orders)
      .values({
        userId: client!.id,
        amount: 90_000,
        subtotal: 90_000,
        status: "processing",
        paymentStatus: "paid",
        paidAt: NOW,
        serviceType: "Contract Review",
        tierName: "Premium",
      })
      .returning({ id: orders.id });
    await t.handle.db.insert(orderItems).values({
      orderId: order!.id,
      serviceKey: "contract-review",
      tierId: "premium",
      tierName: "Premium",
      unitPrice: 90_000,
      quantity: 1,
    });
    const book = (local: string) =>
      bookSession({
        orderId: order!.id,
        clientId: client!.id,
        mode: "video",
        consultantId: consultant,
        startsAt: gst(local).getTime(),
        now: NOW,
      });
    expect(await book("2026-12-07T13:00:00")).toMatchObject({ ok: false, error: "unavailable" });
    expect(await book("2026-12-07T12:30:00")).toMatchObject({ ok: false, error: "unavailable" });
    expect(await book("2026-12-07T14:00:00")).toMatchObject({ ok: true });
  });
});
