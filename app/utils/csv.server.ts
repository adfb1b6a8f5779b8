/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and prefixed with an apostrophe
 * when it starts with a character a spreadsheet would run as a formula (= + - @, tab, carriage return).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  // A number cannot be a formula: negative amounts stay numbers.
  if (typeof value === "number") return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: Array<string | number | null | undefined>) {
  return values.map(csvCell).join(",") + "\r\n";
}

/** The last line of an export that stopped early: a spreadsheet shows it, a script can look for it. */
export const CSV_FAILED_LINE = "EXPORT FAILED: this file is incomplete. Please download it again.";

/**
 * Streams CSV text produced in batches as a download, pulling the next batch only when the client
 * reads on. The header and the first batch are read before the answer starts, so a failing query is
 * an error page, not an empty file that looks complete. Should a later batch fail, the file ends
 * with CSV_FAILED_LINE and the transfer is aborted (no final chunk), so neither a person nor a
 * download tool can take it for the whole export.
 */
export async function csvResponse(iterator: AsyncGenerator<string>, fileName: string) {
  const encoder = new TextEncoder();
  const header = await iterator.next();
  const first = header.done ? header : await iterator.next();
  const opening = (header.done ? "" : header.value) + (first.done ? "" : first.value);
  let failed: unknown = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(opening));
      if (first.done) controller.close();
    },
    async pull(controller) {
      if (failed) {
        controller.error(failed);
        return;
      }
      try {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        console.error(`CSV export ${fileName} stopped: ${error instanceof Error ? error.message : String(error)}`);
        failed = error instanceof Error ? error : new Error(String(error));
        controller.enqueue(encoder.encode(`${CSV_FAILED_LINE}\r\n`));
      }
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
