import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "../../app/env.server";
import { inquiryAction } from "../../app/inquiries/inquiry-action.server";
import { postContentType } from "../support/fuzz";
import { resultRows, testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const FIELDS = [
  "mode",
  "fullName",
  "email",
  "phone",
  "country",
  "documentId",
  "serviceType",
  "message",
  "consent",
  "sourcePage",
  "submissionId",
  "website",
];

const hostileText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom(
    "",
    " ",
    "on",
    "fetch",
    "UAE",
    "general",
    "<script>alert(1)</script>",
    "javascript:alert(1)",
    "//evil.example",
    "\u0000",
    "\ud800",
    "%",
    "a".repeat(5000),
    "784-1234-1234567-1",
    "x@y.z",
  ),
  // What PostgreSQL or HTML cannot hold: NUL, controls (C0, DEL, C1), lone surrogates, noncharacters.
  fc.constantFrom(
    "a\u0000b",
    "\u0001\u001b[31m",
    "\u007f\u0085\u009f",
    "x\udfff",
    "\ud83d",
    "\ufffe\uffff\ufdd0",
    "\ufffd",
  ),
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

/** An urlencoded body whose values carry bytes that are not UTF-8 (overlong, surrogate, cut) as sent. */
const brokenBytes = fc
  .array(
    fc.tuple(
      fc.constantFrom(...FIELDS),
      fc.constantFrom("%00", "%C0%80", "%E0%80%AF", "%ED%A0%80", "%F4%90%80%80", "%C3", "%FF", "%1B", "%C2%85"),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map(
    (fields) =>
      new URLSearchParams({ ...VALID }).toString() + "&" + fields.map(([name, bad]) => `${name}=a${bad}b`).join("&"),
  );

/** A valid form with one to three fields replaced by hostile values: these reach the database. */
const nearlyValid = fc
  .array(fc.tuple(fc.constantFrom(...FIELDS), hostileText), { minLength: 1, maxLength: 3 })
  .map((overrides) => {
    const fields = { ...VALID, ...Object.fromEntries(overrides) };
    return new URLSearchParams(fields).toString();
  });

/** A form body: known and unknown names, repeated names, hostile values. */
const formBody = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 20 })), hostileText), {
  maxLength: 14,
});

describe(`inquiry action with hostile bodies on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  beforeAll(async () => {
    process.env.SESSION_SECRET = "s".repeat(32);
    process.env.INQUIRY_RATE_LIMIT = "100000";
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.INQUIRY_RATE_LIMIT;
    resetEnvForTests();
  });

  it("never answers 5xx or throws, for 200 random bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          nearlyValid,
          nearlyValid,
          brokenBytes,
          formBody.map((pairs) => new URLSearchParams(pairs).toString()),
          fc.string({ maxLength: 500 }),
          fc.string({ unit: "binary", maxLength: 500 }),
          formBody.map(
            (pairs) =>
              `------x\r\n${pairs.map(([k, v]) => `Content-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n------x`).join("\r\n")}--\r\n`,
          ),
        ),
        postContentType,
        fc.constantFrom("/inquiry", "/ar/inquiry"),
        async (body, type, path) => {
          const headers: Record<string, string> = type ? { "Content-Type": type } : {};
          const request = new Request(`http://localhost:3000${path}`, { method: "POST", headers, body });
          const answer = await inquiryAction(request, { clientAddress: "203.0.113.7" });
          const status =
            answer instanceof Response ? answer.status : ((answer.init as ResponseInit | null)?.status ?? 200);
          expect(status).toBeLessThan(500);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 200) },
    );
    // Valid forms with such characters inside the typed text are stored, cleaned.
    for (const [i, bad] of [
      "\u0000",
      "\u0085",
      "\u009f",
      "\udfff",
      "\ud83d",
      "\ufffe",
      "\ufdd0",
      "\ufffd",
      "\u001b",
    ].entries()) {
      const body = new URLSearchParams({
        ...VALID,
        email: `unholdable-${i}@example.com`,
        fullName: `Aisha${bad} Khan`,
        message: `Hello${bad} there`,
      }).toString();
      const request = new Request("http://localhost:3000/inquiry", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      const answer = await inquiryAction(request, { clientAddress: "203.0.113.8" });
      const status = answer instanceof Response ? answer.status : ((answer.init as ResponseInit | null)?.status ?? 200);
      expect(status, JSON.stringify(bad)).toBe(200);
    }
    // Whatever was stored (inquiries, their mails) holds no character PostgreSQL or HTML cannot hold.
    const stored = resultRows(
      await t.handle.db.execute(
        sql`select full_name || ' ' || phone || ' ' || coalesce(message, '') || ' ' || coalesce(country, '') || ' ' || coalesce(document_id, '') || ' ' || coalesce(source_page_url, '') as text from inquiries`,
      ),
    );
    const mails = resultRows(
      await t.handle.db.execute(
        sql`select subject || ' ' || text_body || ' ' || coalesce(html_body, '') as text from outbox`,
      ),
    );
    expect(stored.length).toBeGreaterThan(0);
    const unholdable =
      // eslint-disable-next-line no-control-regex -- looking for exactly these
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]|\p{Cs}|\p{Noncharacter_Code_Point}/u;
    expect([...stored, ...mails].map((row) => String(row.text)).filter((text) => unholdable.test(text))).toEqual([]);
  });
});
