import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shouldRevalidate } from "../../app/forms/submit-failure";

// With single fetch Remix re-reads the data of every route on the page after a submission, unless
// the route exports shouldRevalidate. A submission that never got through (the resilient submit
// path, docs/decisions/038) must not be followed by a read over the same failed connection: that
// read would fail and put the error page in place of the form. So every page route opts out.
const routes = path.resolve("app/routes");

describe("page routes and failed submissions", () => {
  it("every route that renders a page exports shouldRevalidate", () => {
    const missing = fs
      .readdirSync(routes)
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => {
        const source = fs.readFileSync(path.join(routes, file), "utf8");
        return (
          /export default/.test(source) &&
          !/export (const|function) shouldRevalidate|export \{ shouldRevalidate \}/.test(source)
        );
      });
    expect(missing).toEqual([]);
  });

  it("re-reads as Remix would, except after a submission that did not get through", () => {
    expect(shouldRevalidate({ actionResult: { submitFailed: "network" }, defaultShouldRevalidate: true })).toBe(false);
    expect(shouldRevalidate({ actionResult: { submitFailed: "timeout" }, defaultShouldRevalidate: true })).toBe(false);
    expect(shouldRevalidate({ actionResult: { result: { status: "success" } }, defaultShouldRevalidate: true })).toBe(
      true,
    );
    expect(shouldRevalidate({ defaultShouldRevalidate: false })).toBe(false);
  });
});
