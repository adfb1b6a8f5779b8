import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isDriverWriteAfterClose } from "../../app/http/database-outage.server";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("database outage detection", () => {
  it("knows the driver's and the sockets' connection errors, and PostgreSQL's unavailable states, also when wrapped", () => {
    for (const code of [
      "CONNECTION_CLOSED",
      "CONNECT_TIMEOUT",
      "ECONNREFUSED",
      "ECONNRESET",
      "08006",
      "57P01",
      "57P03",
      "53300",
      // statement_timeout and idle_in_transaction_session_timeout (db/client.ts)
      "57014",
      "25P03",
      "ETIMEDOUT",
    ])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    // Drizzle wraps the driver's error in its own query error, with the original as the cause.
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: withCode("ECONNREFUSED") }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("database did not answer within 2000 ms"))).toBe(true);
  });

  it("leaves every other error alone (a 500 with a reference)", () => {
    for (const code of ["23505", "42P01", "22P02", "ENOENT"])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error("Deliberate failure"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable(new Response(null, { status: 404 }))).toBe(false);
  });

  it("recognises only the driver's write-after-close error as survivable", () => {
    const driver = new TypeError("Cannot read properties of null (reading 'write')");
    driver.stack = `${driver.message}\n    at Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)\n    at process.processImmediate (node:internal/timers:483:21)`;
    expect(isDriverWriteAfterClose(driver)).toBe(true);
    const ours = new TypeError("Cannot read properties of null (reading 'write')");
    ours.stack = `${ours.message}\n    at render (file:///app/build/index.js:10:1)`;
    expect(isDriverWriteAfterClose(ours)).toBe(false);
    expect(isDriverWriteAfterClose(new Error("boom"))).toBe(false);
  });
});
