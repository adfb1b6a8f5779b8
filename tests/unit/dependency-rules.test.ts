import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The rule file `npm test` checks the whole tree with: here each rule must catch its kind of import.
const rules = (createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as { forbidden: IForbiddenRuleType[] })
  .forbidden;

let root: string;
function write(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
}

async function violations(entry: string[]) {
  const result = await cruise(
    entry,
    { baseDir: root, ruleSet: { forbidden: rules }, validate: true, tsPreCompilationDeps: true },
    { extensions: [".ts", ".tsx"] },
  );
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "dependency-rules-"));
  write({
    "app/cart/a.server.ts": 'import { b } from "./b.server";\nexport const a = () => b;\n',
    "app/cart/b.server.ts": 'import { a } from "./a.server";\nexport const b = () => a;\n',
    "app/mail/worker.server.ts":
      'import { invoice } from "../invoices/invoice.server";\nexport const send = invoice;\n',
    "app/invoices/invoice.server.ts": "export const invoice = 1;\n",
    "app/orders/orders.server.ts": 'import { Panel } from "../components/panel";\nexport const orders = Panel;\n',
    "app/components/panel.tsx":
      'import { orders } from "../orders/list.server";\nimport type { Row } from "../orders/row.server";\nexport const Panel = (row: Row) => orders + row;\n',
    "app/orders/list.server.ts": "export const orders = 2;\n",
    "app/orders/row.server.ts": "export type Row = number;\n",
    "db/schema.ts": 'import { orders } from "../app/orders/list.server";\nexport const schema = orders;\n',
    "app/utils/ids.ts": 'import { orders } from "../orders/list.server";\nexport const ids = orders;\n',
    "app/routes/page.tsx":
      'import { orders } from "../orders/list.server";\nimport { Panel } from "../components/panel";\nexport const page = [orders, Panel];\n',
  });
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the dependency rules", () => {
  it("report each kind of forbidden import, and nothing else", async () => {
    expect(await violations(["app", "db"])).toEqual(
      [
        "browser-code-imports-no-server-module: app/components/panel.tsx → app/orders/list.server.ts",
        "browser-code-imports-no-server-module: app/utils/ids.ts → app/orders/list.server.ts",
        "db-imports-nothing-from-app: db/schema.ts → app/orders/list.server.ts",
        "domains-not-routes-or-components: app/orders/orders.server.ts → app/components/panel.tsx",
        "mail-imports-no-domain: app/mail/worker.server.ts → app/invoices/invoice.server.ts",
        "no-circular: app/cart/a.server.ts → app/cart/b.server.ts",
        "utils-are-generic: app/utils/ids.ts → app/orders/list.server.ts",
      ].sort(),
    );
  });
});
