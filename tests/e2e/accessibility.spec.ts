import AxeBuilder from "@axe-core/playwright";
import { publicPaths } from "../../app/content/public-routes";
import { expect, ONLY_WITH_JAVASCRIPT, PIXEL_7, test } from "../support/browser";

// axe on every public page in both languages, on a phone (where the floating chat button and the
// stacked layouts are): no violation of any impact, `region` included (all content in
// landmarks). One page object walks a share of the pages; the shares run in parallel.
test.use(PIXEL_7);

// The sitemap's pages, and the public pages it leaves out (the cart, the chat, sign-in, the wizard, not found).
const others = [
  "/cart",
  "/chat",
  "/client-login",
  "/client-login?tab=register",
  "/password-reset",
  "/request-check",
  "/no-such-page",
];
const pages = [...publicPaths, ...others].flatMap((path) => [path, path === "/" ? "/ar" : `/ar${path}`]);
const SHARES = 4;

for (let share = 0; share < SHARES; share++) {
  const paths = pages.filter((_, index) => index % SHARES === share);
  test(
    `every public page passes axe, share ${share + 1} of ${SHARES} (${paths.length} pages, English and Arabic)`,
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      test.setTimeout(150_000);
      const problems: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
        for (const violation of results.violations)
          problems.push(
            `${path} ${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
          );
      }
      expect(problems).toEqual([]);
    },
  );
}
