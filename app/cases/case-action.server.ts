import { objectStoreUnavailableMessage, ObjectStoreUnavailable } from "../documents/documents.server";
import { casesText, type CasesText } from "../content/cases.server";
import { backofficeText } from "../content/backoffice.server";
import { fill } from "../i18n/fill";
import { formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import {
  isMultipart,
  MESSAGE_UPLOAD_LIMITS,
  parseUploadForm,
  uploadProblemMessage,
  UploadRejected,
  type UploadedFile,
  type UploadProblem,
} from "../orders/uploads.server";
import { formOrEmpty } from "../http/http.server";
import { hitRateLimit } from "../http/rate-limit.server";
import type { Toast } from "../forms/toast";
import type { Viewer } from "./access.server";
import { assignCase, postMessage, resolveRequest, type PostError, type Side } from "./messages.server";

/** The message form's file input. */
export const MESSAGE_DOCUMENTS_FIELD = "documents";
export { MESSAGE_UPLOAD_LIMITS };

/**
 * Messages and requests per person and 10 minutes: plenty for a conversation, a stop for floods
 * (each one may carry 50 MB and sends an e-mail). Staff write more.
 */
export const MESSAGE_RATE_LIMITS: Record<Side, { name: string; limit: number; windowSeconds: number }> = {
  client: { name: "case-message-client", limit: 20, windowSeconds: 600 },
  staff: { name: "case-message-staff", limit: 120, windowSeconds: 600 },
};

/** What was typed, to put back in the form when a post is refused. */
export type CaseFormValues = { intent: string; kind: string; body: string; days: string };

export type CaseActionOutcome =
  | { kind: "done"; toast: Toast; messageId?: string }
  | { kind: "refused"; status: number; intent: string; error: string; values: CaseFormValues; filesDropped: boolean }
  | { kind: "not-found" };

const field = (form: FormData, name: string, max = 20_000) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
};

function uploadMessage(problem: UploadProblem, text: CasesText) {
  return uploadProblemMessage(problem, text.errors, MESSAGE_UPLOAD_LIMITS);
}

function postErrorMessage(error: PostError, text: CasesText, lang: Lang, extra: { length?: number; status?: string }) {
  switch (error) {
    case "empty":
      return text.errors.empty;
    case "too-long":
      return fill(text.errors.tooLong, { count: (extra.length ?? 0).toLocaleString("en") });
    case "closed":
      return fill(text.errors.closed, {
        status: backofficeText[lang].status[extra.status ?? ""] ?? extra.status ?? "",
      });
    case "started":
      return text.errors.started;
    case "not-due":
      return text.errors.notDue;
    case "request-open":
      return text.errors.requestOpen;
    case "days":
      return text.errors.days;
    case "not-allowed":
    case "not-found":
      return text.errors.notAllowed;
  }
}

/**
 * The posts of a case page, for either side: a message (multipart, with documents; the intent is
 * in the URL's query, since the body's fields are only read while its files stream past), a
 * request for more time or a cancellation (client), a decision on a request or an assignment (staff).
 */
export async function handleCasePost(input: {
  request: Request;
  viewer: Viewer;
  orderId: string;
  side: Side;
  lang: Lang;
  orderStatus: string;
  /** The body, when the caller has read it already (a plain form). */
  form?: FormData;
}): Promise<CaseActionOutcome> {
  const { request, viewer, orderId, side, lang } = input;
  const text = casesText[lang];
  let form: FormData;
  let files: UploadedFile[] = [];
  let problems: string[] = [];
  if (input.form) {
    form = input.form;
  } else if (isMultipart(request)) {
    try {
      const parsed = await parseUploadForm(request, MESSAGE_DOCUMENTS_FIELD, MESSAGE_UPLOAD_LIMITS);
      form = parsed.fields;
      files = parsed.files;
      problems = parsed.problems.map((problem) => uploadMessage(problem, text));
    } catch (error) {
      if (!(error instanceof UploadRejected)) throw error;
      form = new FormData();
      problems = [
        error.reason === "total-too-large" ? uploadMessage({ kind: "total-too-large" }, text) : text.errors.malformed,
      ];
    }
  } else {
    form = await formOrEmpty(request);
  }
  // A form's own intent field first; the message form (multipart) names its intent in the URL.
  const intent =
    field(form, "intent", 40) || (new URL(request.url).searchParams.get("intent") === "message" ? "message" : "");
  const values: CaseFormValues = {
    intent,
    kind: field(form, "kind", 40),
    body: field(form, "body", 70_000),
    days: field(form, "days", 4),
  };
  const refuse = (status: number, error: string): CaseActionOutcome => ({
    kind: "refused",
    status,
    intent,
    error,
    values,
    filesDropped: files.length > 0 || problems.length > 0,
  });

  if (side === "staff" && intent === "resolve") {
    const result = await resolveRequest({
      orderId,
      requestId: form.get("requestId"),
      decision: form.get("decision"),
      viewer,
      reply: form.get("reply"),
    });
    if (result.ok) {
      const refund = result.refund;
      // An accepted cancellation of a paid order: what became of its refund.
      const description =
        refund && refund.kind !== "none"
          ? fill(text.resolve.refund[refund.kind === "refund" ? refund.status : refund.kind] ?? "", {
              amount: "amount" in refund ? formatMoney(refund.amount, lang) : "",
            })
          : undefined;
      // Money to return by hand (or refused) needs the admin; a refund asked again later is news.
      const kind =
        refund?.kind === "manual" || (refund?.kind === "refund" && refund.status === "failed")
          ? "error"
          : refund?.kind === "deferred"
            ? "info"
            : "success";
      return {
        kind: "done",
        toast: {
          kind,
          title: result.decision === "accept" ? text.resolve.accepted : text.resolve.declined,
          description,
        },
      };
    }
    if (result.error === "not-found") return { kind: "not-found" };
    const messages = {
      "admin-only": text.errors.adminOnly,
      "too-long": fill(text.errors.tooLong, { count: "5,000+" }),
      "case-closed": text.errors.caseClosed,
      "already-decided": text.errors.alreadyDecided,
    };
    return refuse(result.error === "too-long" ? 400 : 409, messages[result.error]);
  }
  if (side === "staff" && intent === "assign") {
    const assigneeId = form.get("assigneeId") === "me" ? viewer.id : form.get("assigneeId");
    const result = await assignCase({ orderId, assigneeId, viewer });
    if (result.ok)
      return {
        kind: "done",
        toast: { kind: "success", title: result.assigneeId ? text.assignment.assigned : text.assignment.released },
      };
    if (result.error === "not-found") return { kind: "not-found" };
    return refuse(400, text.errors.invalidAssignee);
  }

  const kind =
    intent === "request-extension"
      ? "extension-request"
      : intent === "request-cancellation"
        ? "cancellation-request"
        : intent === "message"
          ? values.kind || "message"
          : null;
  if (!kind) return refuse(400, text.errors.notAllowed);
  if (problems.length) return refuse(400, problems.join(" "));
  const limit = await hitRateLimit(MESSAGE_RATE_LIMITS[side], viewer.id);
  if (!limit.allowed)
    return refuse(429, fill(text.errors.rateLimited, { minutes: Math.ceil(limit.retryAfterSeconds / 60) }));
  let result;
  try {
    result = await postMessage({
      orderId,
      viewer,
      side,
      kind,
      body: values.body,
      files,
      submissionId: form.get("submissionId"),
      extensionDays: values.days,
    });
  } catch (error) {
    if (!(error instanceof ObjectStoreUnavailable)) throw error;
    // The bucket is down: nothing was posted; the message comes back as typed (the files must be chosen again).
    console.error(error.message);
    return refuse(503, objectStoreUnavailableMessage(lang, "upload"));
  }
  if (!result.ok) {
    if (result.error === "not-found") return { kind: "not-found" };
    const status =
      result.error === "closed" ||
      result.error === "started" ||
      result.error === "not-due" ||
      result.error === "request-open"
        ? 409
        : 400;
    return refuse(
      status,
      postErrorMessage(result.error, text, lang, { length: result.length, status: input.orderStatus }),
    );
  }
  const title =
    result.kind === "extension-request" || result.kind === "cancellation-request"
      ? text.sent.request!
      : (text.sent[result.kind] ?? text.sent.message!);
  return { kind: "done", toast: { kind: "success", title }, messageId: result.messageId };
}
