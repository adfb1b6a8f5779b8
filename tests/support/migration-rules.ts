import fs from "node:fs";
import path from "node:path";

/**
 * The expand–migrate–contract rule (docs/decisions/097) as a check on a migration's SQL: a release
 * may add, never take away what the release before it still reads. A migration that drops or
 * renames a column or table, or changes a column's type, breaks the old instances still serving
 * during a rolling deploy. A contract step is allowed only once the code no longer reads the
 * column: it says so in a comment, `-- contract: table.column (unused since <release>)`, for each
 * thing it drops, and that column is gone from db/schema.
 */
export type Violation = { statement: string; reason: string };

const STATEMENTS: Array<{ pattern: RegExp; reason: string; target: (match: RegExpMatchArray) => string }> = [
  {
    pattern:
      /alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?"?([\w.]+?)"?\s+drop\s+column\s+(?:if\s+exists\s+)?"?(\w+)"?/gi,
    reason: "drops a column",
    target: (m) => `${m[1]}.${m[2]}`,
  },
  {
    pattern: /alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?"?([\w.]+?)"?\s+rename\s+column\s+"?(\w+)"?/gi,
    reason: "renames a column",
    target: (m) => `${m[1]}.${m[2]}`,
  },
  {
    pattern: /alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?"?([\w.]+?)"?\s+rename\s+to\s+/gi,
    reason: "renames a table",
    target: (m) => `${m[1]}`,
  },
  {
    pattern: /drop\s+table\s+(?:if\s+exists\s+)?"?([\w.]+?)"?[\s;]/gi,
    reason: "drops a table",
    target: (m) => `${m[1]}`,
  },
  {
    pattern:
      /alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?"?([\w.]+?)"?\s+alter\s+column\s+"?(\w+)"?\s+(?:set\s+data\s+)?type\s/gi,
    reason: "changes a column's type",
    target: (m) => `${m[1]}.${m[2]}`,
  },
];

/** What in `sql` breaks the previous release; `schemaText` is the current schema's source (a contracted column must be gone from it). */
export function expandOnlyViolations(sql: string, schemaText: string): Violation[] {
  const contracted = new Set(
    [...sql.matchAll(/^--\s*contract:\s*"?([\w.]+)"?/gim)].map((match) => match[1]!.toLowerCase()),
  );
  const violations: Violation[] = [];
  for (const { pattern, reason, target } of STATEMENTS) {
    for (const match of sql.matchAll(pattern)) {
      const name = target(match).toLowerCase();
      const column = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : null;
      const stillInSchema = column !== null && new RegExp(`["'\`]${column}["'\`]`).test(schemaText);
      if (
        contracted.has(name) &&
        !stillInSchema &&
        reason !== "renames a column" &&
        reason !== "renames a table" &&
        reason !== "changes a column's type"
      )
        continue;
      violations.push({
        statement: match[0].trim(),
        reason: contracted.has(name) && stillInSchema ? `${reason} the schema still names` : reason,
      });
    }
  }
  return violations;
}

/** The newest migration's file (by the journal) and its SQL. */
export function newestMigration(folder = "db/migrations"): { tag: string; sql: string } {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const newest = [...journal.entries].sort((a, b) => a.idx - b.idx).at(-1)!;
  return { tag: newest.tag, sql: fs.readFileSync(path.join(folder, `${newest.tag}.sql`), "utf8") };
}

/** The schema's source text (every file of db/schema). */
export function schemaSource(folder = "db/schema"): string {
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => fs.readFileSync(path.join(folder, file), "utf8"))
    .join("\n");
}
