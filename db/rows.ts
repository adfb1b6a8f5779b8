/** The rows of a raw `db.execute(sql…)` result: postgres.js returns an array, PGlite `{ rows }`. */
export function resultRows(result: unknown): Array<Record<string, unknown>> {
  return Array.isArray(result)
    ? (result as Array<Record<string, unknown>>)
    : ((result as { rows?: Array<Record<string, unknown>> }).rows ?? []);
}
