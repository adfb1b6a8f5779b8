import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formRequest } from "../support/http";
import { inquiries, outbox } from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { formatMoney } from "../../app/i18n/format";
import type { LeadFormAnswer } from "../../app/inquiries/lead-action.server";
import { normaliseIdNumber, travelCheckAction } from "../../app/inquiries/travel-check.server";
import type { FormFlash } from "../../app/forms/form-flash";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const SITE = "http://localhost:3000";
let address = 0;
const fresh = () => ({ clientAddress: `192.0.2.${++address}` });

const valid = (overrides: Record<string, string> = {}) => ({
  mode: "fetch",
  fullName: "Rahul Menon",
  idNumber: "784 1985 1234567 1",
  nationality: "Indian",
  phone: "+971 55 765 4321",
  email: "rahul@example.com",
  consent: "on",
  sourcePage: "/ban-checks/travel-ban-check?check=1",
  ...overrides,
});
function fetched(answer: LeadFormAnswer): { status: number; flash: FormFlash } {
  const value = answer as Exclude<LeadFormAnswer, Response>;
  return { status: (value.init as ResponseInit | null)?.status ?? 200, flash: value.data };
}

describe(`travel-ban check request on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  beforeAll(async () => {
    process.env.SESSION_SECRET = "s".repeat(32);
    process.env.SITE_URL = SITE;
    process.env.STAFF_EMAIL = "staff@example.com";
    resetEnvForTests();
  });
  beforeEach(async () => {
    await t.handle.db.delete(inquiries);
    await t.handle.db.delete(outbox);
  });

  it("accepts an Emirates ID however it is spaced, or a passport number", () => {
    expect(normaliseIdNumber("784198512345671")).toEqual({ kind: "emirates-id", value: "784-1985-1234567-1" });
    expect(normaliseIdNumber("784-1985-1234567-1")).toEqual({ kind: "emirates-id", value: "784-1985-1234567-1" });
    expect(normaliseIdNumber("n1234567")).toEqual({ kind: "passport", value: "N1234567" });
    expect(normaliseIdNumber("785-1985-1234567-1")).toBeUndefined();
    expect(normaliseIdNumber("AB12")).toBeUndefined();
  });

  it("stores a check request, mails it, and answers with what happens next, not a result", async () => {
    const { status, flash } = fetched(await travelCheckAction(formRequest(`${SITE}/travel-check`, valid()), fresh()));
    expect(status).toBe(200);
    expect(flash.result?.status).toBe("success");
    expect(flash.data).toMatchObject({
      email: "rahul@example.com",
      phone: "+971 55 765 4321",
      minutes: "2 minutes",
      quickCheckPrice: formatMoney(20_000, "en"),
    });
    expect(JSON.stringify(flash)).not.toMatch(/no ban|clear|banned/i);
    const [row] = await t.handle.db.select().from(inquiries);
    expect(row).toMatchObject({
      kind: "travel-check",
      serviceType: "travel-ban-check",
      documentId: "784-1985-1234567-1",
      details: { nationality: "Indian", idType: "emirates-id" },
      sourcePageUrl: `${SITE}/ban-checks/travel-ban-check?check=1`,
    });
    const mails = await t.handle.db.select().from(outbox).orderBy(outbox.kind);
    expect(mails.map((m) => m.kind)).toEqual(["travel-check-ack", "travel-check-staff"]);
    expect(mails[0]!.subject).toBe("We received your travel ban check request");
  });

  it("refuses an ID that is neither, keeping what was typed; without JavaScript back to the open form", async () => {
    const { mode: _mode, ...form } = valid({ idNumber: "12-34" });
    const response = (await travelCheckAction(formRequest(`${SITE}/travel-check`, form), fresh())) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/ban-checks/travel-ban-check?check=1#check");
    const { flash } = fetched(
      await travelCheckAction(formRequest(`${SITE}/travel-check`, valid({ idNumber: "12-34" })), fresh()),
    );
    expect(flash.result?.error?.idNumber).toEqual([
      "Enter your Emirates ID (784-XXXX-XXXXXXX-X) or passport number (6 to 12 letters and digits)",
    ]);
    expect(flash.result?.initialValue).toMatchObject({ idNumber: "12-34", nationality: "Indian" });
    expect(await t.handle.db.select().from(inquiries)).toHaveLength(0);
  });
});
