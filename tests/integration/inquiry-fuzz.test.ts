import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useDatabaseForTests } from "../../app/db.server";
import { resetEnvForTests } from "../../app/env.server";
import { inquiryAction } from "../../app/inquiries/inquiry-action.server";
import { postContentType } from "../support/fuzz";
import { createTestDatabase, testDbKind, type TestDatabase } from "../support/test-db";

const FIELDS = ["mode", "fullName", "email", "phone", "country", "documentId", "serviceType", "message", "consent", "sourcePage", "submissionId", "website"];

const hostileText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom("", " ", "on", "fetch", "UAE", "general", "<script>alert(1)</script>", "javascript:alert(1)", "//evil.example", "\u0000", "\ud800", "%", "a".repeat(5000), "784-1234-1234567-1", "x@y.z"),
);

const VALID: Record<string, string> = {
  mode: "fetch",
  fullName: "Aisha Khan",
  email: "aisha@example.com",
  phone: "+971 50 123 4567",
  country: "UAE",
  serviceType: "general",
  consent: "on",
  sourcePage: "/contact",
};

/** A valid form with one to three fields replaced by hostile values: these reach the database. */
const nearlyValid = fc.array(fc.tuple(fc.constantFrom(...FIELDS), hostileText), { minLength: 1, maxLength: 3 }).map((overrides) => {
  const fields = { ...VALID, ...Object.fromEntries(overrides) };
  return new URLSearchParams(fields).toString();
});

/** A form body: known and unknown names, repeated names, hostile values. */
const formBody = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 20 })), hostileText), { maxLength: 14 });


describe(`inquiry action with hostile bodies on ${testDbKind()}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    useDatabaseForTests(t.handle);
    process.env.SESSION_SECRET = "s".repeat(32);
    process.env.INQUIRY_RATE_LIMIT = "100000";
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.INQUIRY_RATE_LIMIT;
    resetEnvForTests();
    useDatabaseForTests(undefined);
    await t.drop();
  });

  it("never answers 5xx or throws, for 200 random bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          nearlyValid,
          nearlyValid,
          formBody.map((pairs) => new URLSearchParams(pairs).toString()),
          fc.string({ maxLength: 500 }),
          fc.string({ unit: "binary", maxLength: 500 }),
          formBody.map((pairs) => `------x\r\n${pairs.map(([k, v]) => `Content-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n------x`).join("\r\n")}--\r\n`),
        ),
        postContentType,
        fc.constantFrom("/inquiry", "/ar/inquiry"),
        async (body, type, path) => {
          const headers: Record<string, string> = type ? { "Content-Type": type } : {};
          const request = new Request(`http://localhost:3000${path}`, { method: "POST", headers, body });
          const answer = await inquiryAction(request, { clientAddress: "203.0.113.7" });
          const status = answer instanceof Response ? answer.status : ((answer.init as ResponseInit | null)?.status ?? 200);
          expect(status).toBeLessThan(500);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 200) },
    );
  });
});
