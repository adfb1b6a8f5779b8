import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addOfficeMinutes,
  DEFAULT_OFFICE_SCHEDULE,
  isOfficeTime,
  officeDayMinutes,
  officeMinutesBetween,
  parseOpeningHours,
  type OfficeSchedule,
} from "../../app/cases/office-time";
import { businessDays, officeHours, officeMinutes, planLists, turnaroundOfficeMinutes } from "../../app/catalogue";

/** A Gulf time (UTC+4) written as local wall time. */
const gst = (local: string) => new Date(`${local}+04:00`);
/** The weekday (0 = Sunday) of an instant in Gulf time. */
const gulfWeekday = (date: Date) => new Date(date.getTime() + 4 * 3600_000).getUTCDay();

// Instants over a few years around now, to the millisecond (weekends, nights and openings alike).
const instants = fc.date({
  min: new Date("2025-01-01T00:00:00Z"),
  max: new Date("2029-12-31T00:00:00Z"),
  noInvalidDate: true,
});
const minutes = fc.integer({ min: 0, max: 60 * 540 });
const schedules = fc.constantFrom<OfficeSchedule>(
  DEFAULT_OFFICE_SCHEDULE,
  { ...DEFAULT_OFFICE_SCHEDULE, openMinute: 8 * 60, closeMinute: 14 * 60 },
  { ...DEFAULT_OFFICE_SCHEDULE, openMinute: 7 * 60 + 30, closeMinute: 24 * 60 },
);

describe("office time (Sunday to Thursday, 9:00 to 18:00 Gulf time)", () => {
  it("counts only opening hours: evenings, nights and the Friday-Saturday weekend do not count", () => {
    // Thursday 17:30 + 4 office hours: half an hour on Thursday, the rest from Sunday 9:00.
    expect(addOfficeMinutes(gst("2026-12-03T17:30:00"), 240)).toEqual(gst("2026-12-06T12:30:00"));
    // A result in 2 minutes, asked for on a Friday morning: Sunday 9:02.
    expect(addOfficeMinutes(gst("2026-12-04T10:00:00"), 2)).toEqual(gst("2026-12-06T09:02:00"));
    // Saturday night: the same.
    expect(addOfficeMinutes(gst("2026-12-05T23:59:00"), 2)).toEqual(gst("2026-12-06T09:02:00"));
    // Before opening on a working day: from 9:00; one business day ends at that day's close.
    expect(addOfficeMinutes(gst("2026-12-06T07:00:00"), 540)).toEqual(gst("2026-12-06T18:00:00"));
    // During the day: the same time the next business day.
    expect(addOfficeMinutes(gst("2026-12-07T11:15:00"), 540)).toEqual(gst("2026-12-08T11:15:00"));
    // Thursday afternoon + 2 business days: over the weekend to Monday.
    expect(addOfficeMinutes(gst("2026-12-03T15:00:00"), 2 * 540)).toEqual(gst("2026-12-07T15:00:00"));
    // After closing: from the next opening.
    expect(addOfficeMinutes(gst("2026-12-07T19:00:00"), 60)).toEqual(gst("2026-12-08T10:00:00"));
    // 20 business days (company formation) from a Tuesday 10:00: four weeks later, same time.
    expect(addOfficeMinutes(gst("2026-12-01T10:00:00"), 20 * 540)).toEqual(gst("2026-12-29T10:00:00"));
  });

  it("adds exactly the office time asked for (counted independently), never less", () => {
    fc.assert(
      fc.property(instants, minutes, schedules, (start, amount, schedule) => {
        const due = addOfficeMinutes(start, amount, schedule);
        expect(due.getTime()).toBeGreaterThanOrEqual(start.getTime());
        expect(officeMinutesBetween(start, due, schedule)).toBeCloseTo(amount, 6);
      }),
      { numRuns: 500 },
    );
  });

  it("lands within opening hours on a working day, never on a Friday or a Saturday", () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 1, max: 60 * 540 }), (start, amount) => {
        const due = addOfficeMinutes(start, amount);
        expect(isOfficeTime(due)).toBe(true);
        expect([5, 6]).not.toContain(gulfWeekday(due));
      }),
      { numRuns: 500 },
    );
  });

  it("is monotonic and additive: later starts or longer turnarounds are never due earlier", () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 14 * 24 * 3600_000 }), minutes, minutes, (start, later, a, b) => {
        const from = new Date(start.getTime() + later);
        expect(addOfficeMinutes(from, a).getTime()).toBeGreaterThanOrEqual(addOfficeMinutes(start, a).getTime());
        expect(addOfficeMinutes(start, a + b).getTime()).toBeGreaterThanOrEqual(addOfficeMinutes(start, a).getTime());
        // Adding in two steps lands where adding at once does.
        expect(addOfficeMinutes(addOfficeMinutes(start, a), b)).toEqual(addOfficeMinutes(start, a + b));
      }),
      { numRuns: 500 },
    );
  });

  it("a week of business days from inside an opening ends at the same time a week later", () => {
    fc.assert(
      fc.property(instants, (start) => {
        fc.pre(isOfficeTime(start) && officeMinutesBetween(new Date(start.getTime() - 60_000), start) === 1);
        const week = addOfficeMinutes(start, 5 * 540);
        expect(week.getTime() - start.getTime()).toBe(7 * 24 * 3600_000);
      }),
      { numRuns: 200 },
    );
  });

  it("reads opening hours and refuses ones that are not", () => {
    expect(parseOpeningHours("09:00-18:00")).toEqual({ openMinute: 540, closeMinute: 1080 });
    expect(parseOpeningHours(" 8:30 - 14:00 ")).toEqual({ openMinute: 510, closeMinute: 840 });
    expect(parseOpeningHours("18:00-09:00")).toBeUndefined();
    expect(parseOpeningHours("9-18")).toBeUndefined();
    expect(parseOpeningHours("25:00-26:00")).toBeUndefined();
    expect(officeDayMinutes(DEFAULT_OFFICE_SCHEDULE)).toBe(540);
    expect(() => addOfficeMinutes(new Date(), -1)).toThrow(RangeError);
  });
});

describe("promised turnarounds in the catalogue", () => {
  it("every package promises the longest time its delivery text names", () => {
    for (const list of Object.values(planLists)) {
      for (const tier of list.tiers) {
        const text = tier.delivery.en;
        const match = /(\d+)(?:-(\d+))? (business days|days|hours|minutes)/.exec(text);
        expect(match, `${list.key}/${tier.id}: "${text}"`).not.toBeNull();
        const longest = Number(match![2] ?? match![1]);
        const unit = match![3]!;
        const expected =
          unit === "minutes"
            ? officeMinutes(longest)
            : unit === "hours"
              ? longest >= 24
                ? businessDays(longest / 24)
                : officeHours(longest)
              : businessDays(longest);
        expect(tier.turnaround, `${list.key}/${tier.id}: "${text}"`).toEqual(expected);
      }
    }
  });

  it("converts to office minutes with the opening's length", () => {
    expect(turnaroundOfficeMinutes(officeMinutes(2), 540)).toBe(2);
    expect(turnaroundOfficeMinutes(officeHours(4), 540)).toBe(240);
    expect(turnaroundOfficeMinutes(businessDays(5), 540)).toBe(2700);
    expect(turnaroundOfficeMinutes(businessDays(5), 360)).toBe(1800);
  });
});

describe("public holidays", () => {
  // 2 December (National Day) falls on a Wednesday in 2026.
  const withHolidays = (...days: string[]): OfficeSchedule => ({ ...DEFAULT_OFFICE_SCHEDULE, holidays: new Set(days) });

  it("closes the office on a holiday: its hours do not count", () => {
    expect(isOfficeTime(gst("2026-12-02T10:00:00"), withHolidays("2026-12-02"))).toBe(false);
    // Tuesday 17:00 + 2 office hours: one hour on Tuesday, Wednesday is a holiday, the rest on Thursday.
    expect(addOfficeMinutes(gst("2026-12-01T17:00:00"), 120, withHolidays("2026-12-02"))).toEqual(
      gst("2026-12-03T10:00:00"),
    );
    expect(addOfficeMinutes(gst("2026-12-01T17:00:00"), 120, withHolidays("2026-12-02", "2026-12-03"))).toEqual(
      gst("2026-12-06T10:00:00"),
    );
    expect(
      officeMinutesBetween(gst("2026-11-29T00:00:00"), gst("2026-12-06T00:00:00"), withHolidays("2026-12-02")),
    ).toBe(4 * 540);
  });

  it("a holiday never brings a due time forward, and the office time up to the due time is what was asked", () => {
    const days = fc.uniqueArray(
      fc
        .date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2029-12-31T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(instants, minutes, days, (start, amount, holidays) => {
        const plain = addOfficeMinutes(start, amount);
        const closed = addOfficeMinutes(start, amount, withHolidays(...holidays));
        expect(closed.getTime()).toBeGreaterThanOrEqual(plain.getTime());
        // The same office time passes between start and due, counted with the holidays closed.
        expect(officeMinutesBetween(start, closed, withHolidays(...holidays))).toBeCloseTo(amount, 6);
      }),
      { numRuns: 300 },
    );
  });
});
