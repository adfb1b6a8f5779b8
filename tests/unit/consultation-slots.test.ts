import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  consultantSlots,
  freeSlots,
  gulfDate,
  gulfInstant,
  nearestSlots,
  officeWeek,
  parseSlotValue,
  slotValue,
  type SlotRules,
} from "../../app/consultations/slots";
import {
  formatInZone,
  sameAsGulf,
  utcOffsetMinutes,
  validTimeZone,
  wallClock,
} from "../../app/consultations/time-zones";

const gst = (local: string) => new Date(`${local}+04:00`);
const consultant = (id: string) => ({
  id,
  weeklyHours: officeWeek(9 * 60, 18 * 60),
  daysOff: new Set<string>(),
  modes: ["video", "phone", "in_person"] as const,
});
const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";

function rules(over: Partial<SlotRules> = {}): SlotRules {
  return {
    minutes: 60,
    bufferMinutes: 15,
    stepMinutes: 30,
    earliest: gst("2026-12-06T09:00:00"),
    latest: gst("2026-12-20T09:00:00"),
    holidays: new Set(),
    ...over,
  };
}

describe("consultation slots", () => {
  it("fit the whole session inside the hours, on working days only", () => {
    const slots = consultantSlots(consultant(A), rules({ minutes: 90 }));
    const sunday = slots.filter((s) => gulfDate(s.startsAt) === "2026-12-06").map((s) => s.startsAt.toISOString());
    expect(sunday[0]).toBe(gst("2026-12-06T09:00:00").toISOString());
    expect(sunday.at(-1)).toBe(gst("2026-12-06T16:30:00").toISOString());
    expect(slots.some((s) => ["2026-12-11", "2026-12-12"].includes(gulfDate(s.startsAt)))).toBe(false);
  });

  it("never overlap a booking or its buffer, whatever the bookings (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 13 }),
            minute: fc.integer({ min: 0, max: 47 }).map((n) => n * 30),
            minutes: fc.constantFrom(60, 75, 90, 120),
          }),
          { maxLength: 12 },
        ),
        fc.constantFrom(60, 90, 120),
        (bookings, minutes) => {
          const busy = bookings.map((b) => {
            const start = new Date(gst("2026-12-06T00:00:00").getTime() + (b.day * 1440 + b.minute) * 60_000);
            return { consultantId: A, start, end: new Date(start.getTime() + (b.minutes + 15) * 60_000) };
          });
          for (const slot of consultantSlots(consultant(A), rules({ minutes }), busy)) {
            const heldUntil = slot.endsAt.getTime() + 15 * 60_000;
            expect(
              busy.some((range) => range.start.getTime() < heldUntil && slot.startsAt.getTime() < range.end.getTime()),
            ).toBe(false);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("give each start time to the consultant with fewer sessions that day, and find the nearest free ones", () => {
    const busy = [{ consultantId: A, start: gst("2026-12-07T09:00:00"), end: gst("2026-12-07T10:15:00") }];
    const slots = freeSlots([consultant(A), consultant(B)], rules(), busy, "video");
    expect(slots.find((s) => s.startsAt.getTime() === gst("2026-12-07T15:00:00").getTime())?.consultantId).toBe(B);
    expect(slots.find((s) => s.startsAt.getTime() === gst("2026-12-06T15:00:00").getTime())?.consultantId).toBe(A);
    const near = nearestSlots(slots, gst("2026-12-07T12:10:00"), 3).map((s) => s.startsAt.getTime());
    expect(near).toEqual(
      [gst("2026-12-07T11:30:00"), gst("2026-12-07T12:00:00"), gst("2026-12-07T12:30:00")].map((d) => d.getTime()),
    );
  });

  it("carry the slot in the form and refuse anything else", () => {
    const slot = { consultantId: A, startsAt: gst("2026-12-07T09:00:00") };
    expect(parseSlotValue(slotValue(slot))).toEqual(slot);
    for (const bad of ["", "x_1", `${A}_`, `${A}_-5`, `${A}_1_2`, 5, null]) expect(parseSlotValue(bad)).toBeNull();
  });
});

describe("time zones of slots", () => {
  it("agree with Gulf arithmetic in Asia/Dubai, for any instant (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => {
        const instant = new Date(Math.floor(ms / 60_000) * 60_000);
        const clock = wallClock(instant, "Asia/Dubai");
        expect(clock.date).toBe(gulfDate(instant));
        expect(gulfInstant(clock.date, clock.minute)).toEqual(instant);
      }),
    );
  });

  it("give a wall clock that converts back to the same instant in any zone (property)", () => {
    const zones = [
      "Europe/London",
      "America/New_York",
      "Asia/Kolkata",
      "Australia/Sydney",
      "Asia/Tehran",
      "Asia/Dubai",
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const instant = new Date(Math.floor(ms / 60_000) * 60_000);
          const clock = wallClock(instant, zone);
          const offset = utcOffsetMinutes(instant, zone);
          expect(Date.parse(`${clock.date}T00:00:00Z`) + (clock.minute - offset) * 60_000).toBe(instant.getTime());
          expect(sameAsGulf(instant, zone)).toBe(offset === 240);
        },
      ),
    );
  });

  it("show London slots in summer time before the last Sunday of October and in winter time after", () => {
    // Thursday 22 October 2026, 09:00 Gulf: 06:00 in London (BST, UTC+1).
    expect(wallClock(gst("2026-10-22T09:00:00"), "Europe/London")).toEqual({ date: "2026-10-22", minute: 6 * 60 });
    expect(formatInZone(gst("2026-10-22T09:00:00"), "en", "Europe/London")).toBe("06:00 BST");
    // Sunday 25 October 2026 (clocks went back at 02:00 BST), 09:00 Gulf: 05:00 GMT.
    expect(wallClock(gst("2026-10-25T09:00:00"), "Europe/London")).toEqual({ date: "2026-10-25", minute: 5 * 60 });
    expect(formatInZone(gst("2026-10-25T09:00:00"), "en", "Europe/London")).toBe("05:00 GMT");
    // A different date says so.
    expect(formatInZone(gst("2026-10-26T09:00:00"), "en", "America/Los_Angeles")).toBe("Sun 25 Oct, 22:00 GMT-7");
  });

  it("accept only zones the runtime knows", () => {
    expect(validTimeZone("Europe/London")).toBe("Europe/London");
    expect(validTimeZone("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    for (const bad of ["", "Mars/Olympus", "../etc", "Europe/London<script>", 3]) expect(validTimeZone(bad)).toBeNull();
  });
});
