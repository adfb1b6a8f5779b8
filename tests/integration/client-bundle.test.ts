import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { testDbKind } from "../support/test-db";

// What the browser bundle must never carry (docs/decisions/074 and docs/architecture.md): server
// libraries, the schema, page content and the dictionaries of both languages. A route that imports
// them for its loader from a module the bundler cannot drop (a table definition, a dictionary
// built from other objects) ships them to every visitor of that page; they come through
// `*.server.ts` modules instead. Reads the esbuild metafile of the build the integration tests run on.
const SERVER_ONLY = [
  /(^|\/)node_modules\/(drizzle-orm|zod|stripe|@anthropic-ai|postgres|@electric-sql|nodemailer|pdfkit|otpauth|remix-auth)\//,
  /^db\//,
  /^app\/content\//,
  /^app\/i18n\/(ui\.(en|ar)|strings\/)/,
  /\.server\.tsx?$/,
];

describe.runIf(testDbKind() === "pglite")("the browser bundle", () => {
  it("carries no server-only code, content or dictionaries", () => {
    const meta = JSON.parse(fs.readFileSync("build/metafile.js.json", "utf8")) as {
      outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
    };
    const found = Object.entries(meta.outputs).flatMap(([file, output]) =>
      Object.entries(output.inputs)
        .filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && SERVER_ONLY.some((pattern) => pattern.test(input)))
        .map(([input]) => `${input} in ${file}`),
    );
    expect(Object.keys(meta.outputs).length).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});
