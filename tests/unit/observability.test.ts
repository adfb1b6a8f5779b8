import { describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { createLogger, resolveLogFormat } from "../../app/observability/log.server";
import { routePatternOf, routeTemplates } from "../../app/observability/route-pattern.server";
import { statusClass } from "../../app/observability/metrics.server";

const route = (id: string, path: string | undefined, parentId: string | undefined = "root") =>
  [id, { id, path, parentId }] as const;
const routes = Object.fromEntries([
  ["root", { id: "root", path: "" }],
  route("home", ":lang?", "root"),
  route("about", ":lang?/about"),
  route("order", ":lang?/dashboard/orders/:id"),
  route("orders-csv", ":lang?/admin/orders.csv"),
  route("missing", ":lang?/*"),
  route("vitals", "api/vitals"),
]) as unknown as ServerBuild["routes"];

describe("route patterns", () => {
  const templates = routeTemplates(routes);
  it("names a path by its route's pattern, in both languages, never by its ids", () => {
    expect(routePatternOf("/about", templates)).toBe("/:lang?/about");
    expect(routePatternOf("/ar/about", templates)).toBe("/:lang?/about");
    expect(routePatternOf("/dashboard/orders/0b6e-secret-id", templates)).toBe("/:lang?/dashboard/orders/:id");
    expect(routePatternOf("/ar/dashboard/orders/42", templates)).toBe("/:lang?/dashboard/orders/:id");
    expect(routePatternOf("/", templates)).toBe("/:lang?");
    expect(routePatternOf("/api/vitals", templates)).toBe("/api/vitals");
  });
  it("puts made-up addresses under the catch-all, files under /build/*", () => {
    expect(routePatternOf("/wp-admin/setup.php", templates)).toBe("/:lang?/*");
    expect(routePatternOf("/fr/about", templates)).toBe("/:lang?/*");
    expect(routePatternOf("/build/_assets/app-ABC.css", templates)).toBe("/build/*");
    expect(
      routePatternOf("/about", routeTemplates({ root: { id: "root", path: "" } } as unknown as ServerBuild["routes"])),
    ).toBe("unmatched");
  });
  it("groups statuses in classes", () => {
    expect([200, 304, 404, 503].map(statusClass)).toEqual(["2xx", "3xx", "4xx", "5xx"]);
  });
});

describe("log lines", () => {
  const capture = (format: "json" | "pretty") => {
    const lines: string[] = [];
    return { lines, log: createLogger(format, (line) => lines.push(line)) };
  };
  it("is JSON unless a person reads it in a terminal (LOG_FORMAT overrides)", () => {
    expect(resolveLogFormat("auto", false)).toBe("json");
    expect(resolveLogFormat("auto", true)).toBe("pretty");
    expect(resolveLogFormat("json", true)).toBe("json");
    expect(resolveLogFormat("pretty", false)).toBe("pretty");
  });
  it("writes one JSON object per request and per job", () => {
    const { lines, log } = capture("json");
    log.request({
      requestId: "abcd",
      method: "POST",
      route: "/:lang?/contact",
      status: 303,
      durationMs: 12.345,
      userId: "user-1",
    });
    log.job({ job: "retention", outcome: "failed", durationMs: 3, error: "database unavailable" });
    log.info("started");
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.endsWith("\n") && line.indexOf("\n") === line.length - 1)).toBe(true);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "info",
      type: "request",
      requestId: "abcd",
      method: "POST",
      route: "/:lang?/contact",
      status: 303,
      durationMs: 12.3,
      userId: "user-1",
    });
    expect(JSON.parse(lines[1]!)).toMatchObject({
      level: "error",
      type: "job",
      job: "retention",
      outcome: "failed",
      error: "database unavailable",
    });
    expect(JSON.parse(lines[2]!)).toMatchObject({ level: "info", type: "message", msg: "started" });
  });
  it("keeps a message with line breaks on one line", () => {
    const { lines, log } = capture("json");
    log.info("two\nlines");
    expect(lines[0]!.trimEnd().includes("\n")).toBe(false);
    expect(JSON.parse(lines[0]!).msg).toBe("two\nlines");
  });
  it("writes readable lines for a terminal", () => {
    const { lines, log } = capture("pretty");
    log.request({ requestId: "abcd", method: "GET", route: "/:lang?/about", status: 200, durationMs: 4 });
    log.job({ job: "session-expiry", outcome: "ok", durationMs: 1.25 });
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z GET \/:lang\?\/about 200 4\.0ms id=abcd\n$/);
    expect(lines[1]).toMatch(/ job session-expiry ok 1\.3ms\n$/);
  });
});
