import crypto from "node:crypto";
import { unstable_parseMultipartFormData } from "@remix-run/node";
import { fill } from "../i18n/fill";
import { cleanInputText } from "../http/input-text.server";

/**
 * Streaming parser for the checkout's multipart body, with limits. Each file is read chunk by
 * chunk: bytes beyond the per-file limit are counted and dropped (never kept), the whole body is
 * cut off past a total bound, and the type is judged by the first bytes (magic numbers), not only
 * by the name. Accepted files are kept in memory (at most MAX_FILE_BYTES each) until the order's
 * transaction stores them in PostgreSQL.
 */
export const UPLOAD_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 10,
  /** The whole request: files plus the form's text fields. */
  maxTotalBytes: 50 * 1024 * 1024,
  /** One text field (the longest, the description, allows 1000 characters). */
  maxFieldBytes: 64 * 1024,
  maxFields: 50,
} as const;

/** The admin's report upload on an order: one file and the form's few fields. */
export const REPORT_UPLOAD_LIMITS = {
  ...UPLOAD_LIMITS,
  maxFiles: 1,
  maxTotalBytes: UPLOAD_LIMITS.maxFileBytes + 64 * 1024,
} as const;

export const ACCEPTED_EXTENSIONS = [".pdf", ".jpeg", ".jpg", ".png"] as const;
/** For the file picker's `accept` attribute. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_EXTENSIONS, "application/pdf", "image/jpeg", "image/png"].join(",");

export type DocumentType = "application/pdf" | "image/jpeg" | "image/png";

export type UploadedFile = {
  fileName: string;
  contentType: DocumentType;
  sizeBytes: number;
  sha256: string;
  data: Buffer;
};

/** A message on a case (app/cases): up to 5 documents, each checked like the checkout's. */
export const MESSAGE_UPLOAD_LIMITS = {
  ...UPLOAD_LIMITS,
  maxFiles: 5,
  maxTotalBytes: 5 * UPLOAD_LIMITS.maxFileBytes + 256 * 1024,
} as const;

export type UploadProblem =
  | { kind: "too-large"; fileName: string }
  | { kind: "invalid-type"; fileName: string }
  | { kind: "too-many"; fileName: string }
  | { kind: "total-too-large" };

export type ParsedUpload = {
  fields: FormData;
  files: UploadedFile[];
  problems: UploadProblem[];
};

/** The messages of the upload problems, in a page's language (the spec's texts for size and type). */
export type UploadProblemTexts = { fileTooLarge: string; fileType: string; tooManyFiles: string; bodyTooLarge: string };

/** What to tell the visitor about one upload problem, given the limits the form was read with. */
export function uploadProblemMessage(
  problem: UploadProblem,
  texts: UploadProblemTexts,
  limits: Pick<UploadLimits, "maxFiles" | "maxTotalBytes"> = UPLOAD_LIMITS,
): string {
  switch (problem.kind) {
    case "too-large":
      return fill(texts.fileTooLarge, { file: problem.fileName });
    case "invalid-type":
      return fill(texts.fileType, { file: problem.fileName });
    case "too-many":
      return fill(texts.tooManyFiles, { file: problem.fileName, max: limits.maxFiles });
    case "total-too-large":
      return fill(texts.bodyTooLarge, { max: Math.round(limits.maxTotalBytes / 1024 / 1024) });
  }
}

/** Thrown when the body as a whole is over the bound (or not multipart at all): nothing of it is kept. */
export class UploadRejected extends Error {
  constructor(readonly reason: "total-too-large" | "malformed") {
    super(reason === "total-too-large" ? "request body over the upload limit" : "malformed multipart body");
  }
}

/** The type the content says it is, from its first bytes; undefined for anything else. */
export function sniffDocumentType(head: Uint8Array): DocumentType | undefined {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf"; // %PDF-
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  return undefined;
}

/** The type the name claims (by extension); undefined when the extension is not accepted. */
export function typeFromName(fileName: string): DocumentType | undefined {
  const extension = /\.[^.]+$/.exec(fileName.toLowerCase())?.[0];
  if (extension === ".pdf") return "application/pdf";
  if (extension === ".png") return "image/png";
  if (extension === ".jpg" || extension === ".jpeg") return "image/jpeg";
  return undefined;
}

/** A file name safe to store and to send back in Content-Disposition: no path, no control characters, bounded. */
export function safeFileName(name: string): string {
  const base = cleanInputText(name).split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>]/g, "").trim();
  if (cleaned.length <= 120) return cleaned || "document";
  const extension = /\.[^.]{1,5}$/.exec(cleaned)?.[0] ?? "";
  return cleaned.slice(0, 120 - extension.length) + extension;
}

export type UploadLimits = {
  maxFileBytes: number;
  maxFiles: number;
  maxTotalBytes: number;
  maxFieldBytes: number;
  maxFields: number;
};

/** True when the request carries a multipart body (the checkout form always does; tests and old clients may not). */
export function isMultipart(request: Request) {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * Parses a multipart request with the limits above. File inputs left empty are skipped. Per-file
 * problems are reported (and the rest of the form still parsed) so the visitor sees every message
 * with what they typed kept; a body over the total bound throws UploadRejected.
 */
export async function parseUploadForm(
  request: Request,
  fileField: string,
  limits: UploadLimits = UPLOAD_LIMITS,
): Promise<ParsedUpload> {
  const declared = Number(request.headers.get("Content-Length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limits.maxTotalBytes) throw new UploadRejected("total-too-large");
  if (!request.body || !isMultipart(request)) throw new UploadRejected("malformed");

  const files: UploadedFile[] = [];
  const problems: UploadProblem[] = [];
  let fieldCount = 0;

  const body = limitStream(request.body, limits.maxTotalBytes);
  // The parser only reads `headers` and `body`: hand it the counted stream.
  const limited = { headers: request.headers, body } as unknown as Request;

  let fields: FormData;
  try {
    fields = await unstable_parseMultipartFormData(limited, async (part) => {
      if (part.filename === undefined) {
        fieldCount++;
        const text = await readField(part.data, limits.maxFieldBytes);
        // Too many fields or an oversized one: drop it (the schema then reports what is missing).
        return fieldCount > limits.maxFields || text === undefined ? undefined : text;
      }
      if (part.name !== fileField) {
        await drain(part.data);
        return undefined;
      }
      const fileName = safeFileName(part.filename);
      const result = await readFile(part.data, limits.maxFileBytes);
      // An empty file input still sends a part with no name and no bytes.
      if (part.filename === "" && result.size === 0) return undefined;
      if (result.size > limits.maxFileBytes) {
        problems.push({ kind: "too-large", fileName });
        return undefined;
      }
      const byContent = sniffDocumentType(result.data);
      const byName = typeFromName(fileName);
      if (!byContent || byContent !== byName) {
        problems.push({ kind: "invalid-type", fileName });
        return undefined;
      }
      // Only accepted files count towards the maximum; one message names the first left out.
      if (files.length >= limits.maxFiles) {
        if (!problems.some((p) => p.kind === "too-many")) problems.push({ kind: "too-many", fileName });
        return undefined;
      }
      files.push({
        fileName,
        contentType: byContent,
        sizeBytes: result.size,
        sha256: crypto.createHash("sha256").update(result.data).digest("hex"),
        data: result.data,
      });
      return undefined;
    });
  } catch (error) {
    if (error instanceof UploadRejected) throw error;
    throw new UploadRejected("malformed");
  }
  return { fields, files, problems };
}

/** A copy of the stream that errors once more than `max` bytes have passed. */
function limitStream(source: ReadableStream<Uint8Array>, max: number): ReadableStream<Uint8Array> {
  let seen = 0;
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      seen += value.byteLength;
      if (seen > max) {
        controller.error(new UploadRejected("total-too-large"));
        // The server reads and drops what the client still sends once the answer is out
        // (app/http/request-body.server.ts), so the visitor sees the refusal page.
        void reader.cancel().catch(() => {});
        return;
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** Reads a file part, keeping at most `max` bytes; `size` counts everything (so an oversize is known). */
async function readFile(data: AsyncIterable<Uint8Array>, max: number): Promise<{ data: Buffer; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size <= max) chunks.push(Buffer.from(chunk));
    else chunks.length = 0; // over the limit: keep nothing, just count the rest
  }
  return { data: size <= max ? Buffer.concat(chunks) : Buffer.alloc(0), size };
}

async function readField(data: AsyncIterable<Uint8Array>, max: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size <= max) chunks.push(Buffer.from(chunk));
  }
  // Through the input boundary like every other form field (app/http/input-text.server.ts).
  return size <= max ? cleanInputText(Buffer.concat(chunks).toString("utf8")) : undefined;
}

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const chunk of data) void chunk;
}
