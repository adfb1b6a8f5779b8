import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayPhone, normalizePhone, phoneCountryOf } from "../../app/i18n/phone";

describe("phone numbers", () => {
  it("accepts local UAE mobiles and landlines as residents write them, stored as E.164", () => {
    expect(normalizePhone("050 123 4567")).toBe("+971501234567");
    expect(normalizePhone("0501234567")).toBe("+971501234567");
    expect(normalizePhone("050-123-4567")).toBe("+971501234567");
    expect(normalizePhone("(050) 123 4567")).toBe("+971501234567");
    expect(normalizePhone("50 123 4567")).toBe("+971501234567");
    expect(normalizePhone("04 123 4567")).toBe("+97141234567");
    expect(normalizePhone("02-1234567")).toBe("+97121234567");
    expect(normalizePhone("800 123 45")).toBe("+97180012345");
  });

  it("accepts the same numbers with the country code, a trunk 0 after it dropped", () => {
    expect(normalizePhone("+971 50 123 4567")).toBe("+971501234567");
    expect(normalizePhone("00971 50 123 4567")).toBe("+971501234567");
    expect(normalizePhone("+971 (0)50 123 4567")).toBe("+971501234567");
    expect(normalizePhone("971501234567")).toBe("+971501234567");
  });

  it("refuses numbers that are not numbers of the country they name, or too short or too long", () => {
    for (const bad of [
      "050 123",
      "0501234",
      "+971 5",
      "+971 50 123 45678",
      "+9715",
      "01 234 5678",
      "call me",
      "",
      "+",
      "00",
      "+0 50 123",
      "123456",
      "12345678901234567",
      "05O 123 4567",
    ]) {
      expect(normalizePhone(bad), bad).toBeUndefined();
    }
  });

  it("keeps the spec's rule for international numbers: optional +, first digit 1-9, at most 16 digits (and at least 7)", () => {
    expect(normalizePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalizePhone("1234567890123456")).toBe("+1234567890123456");
    expect(normalizePhone("+1 (202) 555-0143")).toBe("+12025550143");
    expect(normalizePhone("1234567")).toBe("+1234567");
  });

  it("accepts local formats of the GCC country the form names, besides the UAE's", () => {
    expect(normalizePhone("055 123 4567", "SA")).toBe("+966551234567");
    expect(normalizePhone("011 234 5678", "SA")).toBe("+966112345678");
    expect(normalizePhone("011 234 5678")).toBeUndefined();
    expect(normalizePhone("9876 5432", phoneCountryOf("Kuwait"))).toBe("+96598765432");
    expect(normalizePhone("3312 3456", phoneCountryOf("Qatar"))).toBe("+97433123456");
    expect(normalizePhone("3612 3456", phoneCountryOf("Bahrain"))).toBe("+97336123456");
    expect(normalizePhone("9123 4567", phoneCountryOf("Oman"))).toBe("+96891234567");
    // An expat in Kuwait with a UAE mobile: still the UAE's.
    expect(normalizePhone("050 123 4567", "KW")).toBe("+971501234567");
    expect(phoneCountryOf("Other")).toBeUndefined();
  });

  it("shows UAE numbers grouped as people read them", () => {
    expect(displayPhone("+971557654321")).toBe("+971 55 765 4321");
    expect(displayPhone("+97141234567")).toBe("+971 4 123 4567");
    expect(displayPhone("+442079460958")).toBe("+442079460958");
  });

  it("turns anything it accepts into E.164 that it accepts again unchanged, and never throws", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(undefined, "AE", "SA", "KW", "QA", "BH", "OM" as const),
        (value, country) => {
          const e164 = normalizePhone(value, country);
          if (e164 === undefined) return;
          expect(e164).toMatch(/^\+[1-9]\d{6,15}$/);
          expect(normalizePhone(e164)).toBe(e164);
        },
      ),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 +()-]{0,24}$/), (value) => {
        const e164 = normalizePhone(value);
        if (e164 !== undefined) expect(normalizePhone(e164)).toBe(e164);
      }),
      { numRuns: 2000 },
    );
  });
});
