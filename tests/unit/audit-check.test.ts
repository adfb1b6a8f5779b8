import { describe, expect, it } from "vitest";
import { classifyAudit } from "../../scripts/audit-check.js";

// The npm audit step of npm test: real advisories fail it; a registry that cannot answer the audit
// endpoint does not (the step says so). Samples follow `npm audit --json` (npm 7+) output.

const report = (
  counts: Record<string, number>,
  vulnerabilities: Record<string, { name: string; severity: string }> = {},
) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: {
        info: 0,
        low: 0,
        moderate: 0,
        high: 0,
        critical: 0,
        total: 0,
        ...counts,
      },
    },
  });

describe("npm audit verdicts", () => {
  it("passes a clean report and one with only low or moderate advisories", () => {
    expect(classifyAudit({ status: 0, stdout: report({}), stderr: "" }).outcome).toBe("passed");
    expect(
      classifyAudit({
        status: 0,
        stdout: report({ low: 2, moderate: 1, total: 3 }),
        stderr: "",
      }),
    ).toMatchObject({
      outcome: "passed",
      message: expect.stringContaining("3 of lower severity"),
    });
  });

  it("fails on a high or critical advisory, naming the packages", () => {
    const verdict = classifyAudit({
      status: 1,
      stdout: report(
        { high: 1, critical: 1, moderate: 1, total: 3 },
        {
          a: { name: "left-pad", severity: "high" },
          b: { name: "event-stream", severity: "critical" },
          c: { name: "minor", severity: "moderate" },
        },
      ),
      stderr: "",
    });
    expect(verdict.outcome).toBe("failed");
    expect(verdict.advisories).toEqual(["left-pad (high)", "event-stream (critical)"]);
  });

  it("says the audit could not be run when the registry has no audit endpoint or cannot be reached", () => {
    const notAllowed = JSON.stringify({
      message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
      statusCode: 405,
    });
    expect(
      classifyAudit({
        status: 1,
        stdout: notAllowed,
        stderr: "npm error audit endpoint returned an error",
      }),
    ).toMatchObject({
      outcome: "not-run",
      message: expect.stringContaining("405 Method Not Allowed"),
    });
    expect(
      classifyAudit({
        status: 1,
        stdout: "",
        stderr: "npm error code ENOTFOUND\nnpm error request to https://registry.npmjs.org failed",
      }).outcome,
    ).toBe("not-run");
    expect(
      classifyAudit({
        status: 1,
        stdout: JSON.stringify({
          message: "404 Not Found - POST https://mirror.example/-/npm/v1/security/audits/quick",
        }),
        stderr: "",
      }).outcome,
    ).toBe("not-run");
  });

  it("fails on any other error", () => {
    expect(
      classifyAudit({
        status: 1,
        stdout: "",
        stderr: "npm error code ENOLOCK\nnpm error audit This command requires an existing lockfile.",
      }).outcome,
    ).toBe("failed");
  });
});
