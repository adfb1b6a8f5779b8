import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type * as z from "zod";
import { getEnv } from "../env.server";
import { fill } from "../i18n/fill";
import { langFromPath, localizePath, type Lang } from "../i18n/lang";
import { inquiryStrings } from "../i18n/strings/inquiry";
import { flashFormHeaders } from "../forms/form-flash.server";
import type { FormFlash } from "../forms/form-flash";
import { hitRateLimit } from "../http/rate-limit.server";
import { refererPath, safeRedirectPath } from "../utils/safe-redirect";
import type { Toast } from "../forms/toast";
import { storeLead, type NewLead, type StoredLead } from "./inquiry.server";

/** A form body larger than this is not something our forms send. */
const MAX_BODY_BYTES = 64 * 1024;

/** Submissions per client address per hour across the lead forms; INQUIRY_RATE_LIMIT overrides it. */
export function inquiryRateLimit() {
  return { name: "inquiry-ip", limit: getEnv().INQUIRY_RATE_LIMIT, windowSeconds: 3600 };
}

type LeadFormOptions<Schema extends z.ZodType> = {
  request: Request;
  context: Pick<AppLoadContext, "clientAddress">;
  /** Names the form on the page (the flash and the fetcher answer carry it). */
  formId: string;
  /** Where on the page the form is, for the redirect back (without "#"). */
  anchor: string;
  schema: (lang: Lang) => Schema;
  /** The lead to store from the valid values. */
  toLead: (value: z.output<Schema>, lang: Lang, sourcePageUrl: string | undefined) => NewLead;
  /** Extra values for the result view after a stored lead (kept small: they travel in a cookie). */
  resultData?: (stored: StoredLead, value: z.output<Schema>, lang: Lang) => Record<string, string>;
  /** The notice after success (default: the spec's inquiry success notice). */
  successNotice?: (lang: Lang) => Toast;
};

/**
 * The one way a lead form is answered. Without JavaScript: Post/Redirect/Get back to the page the
 * form is on, the outcome in a flash cookie. With JavaScript (the form sends mode=fetch): the same
 * outcome as data, for a fetcher. Never a 500 for anything a browser can send.
 */
export type LeadFormAnswer = Response | ReturnType<typeof data<FormFlash>>;

export async function handleLeadForm<Schema extends z.ZodType>(
  options: LeadFormOptions<Schema>,
): Promise<LeadFormAnswer> {
  const { request, formId } = options;
  const lang = langFromPath(new URL(request.url).pathname);
  const t = inquiryStrings[lang];

  const formData = await readLeadForm(request);
  if (!formData) return plainError(t.errors.badRequest, 400);

  const fetchMode = formData.get("mode") === "fetch";
  // The page the form is on: where the answer goes back to (without JavaScript) and what staff see.
  const given = safeRedirectPath(formData.get("sourcePage"), undefined);
  const sourcePath = (
    (given && given.length <= 500 ? given : undefined) ??
    refererPath(request) ??
    localizePath(lang, "/")
  ).split("#")[0]!;
  const answer = async (status: number, flash: Omit<FormFlash, "formId" | "path">): Promise<LeadFormAnswer> => {
    const full: FormFlash = { formId, path: sourcePath.split("?")[0]!, ...flash };
    if (fetchMode) return data(full, { status });
    return redirect(`${sourcePath}#${options.anchor}`, { status: 303, headers: await flashFormHeaders(full) });
  };

  // A filled honeypot is a bot: answer as if all went well and keep nothing.
  const honeypot = formData.get("website");
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return answer(200, { result: { status: "success", initialValue: null }, notice: successNotice(options, lang) });
  }

  const submission = parseWithZod(formData, { schema: options.schema(lang) });
  if (submission.status !== "success") {
    const consentMissing = Boolean(submission.error?.consent?.length);
    const notice: Toast = consentMissing
      ? { kind: "error", title: t.notices.consentTitle, description: t.notices.consentText }
      : { kind: "error", title: t.notices.invalidTitle, description: t.notices.invalidText };
    return answer(400, { result: withoutHidden(submission.reply()), notice });
  }

  const limit = await hitRateLimit(inquiryRateLimit(), options.context.clientAddress || "unknown");
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    const notice: Toast = {
      kind: "error",
      title: t.notices.rateLimitedTitle,
      description: fill(t.notices.rateLimitedText, { minutes }),
    };
    return answer(429, { result: withoutHidden(submission.reply({ formErrors: [notice.description!] })), notice });
  }

  let stored: StoredLead;
  try {
    const sourcePageUrl = `${getEnv().SITE_URL}${sourcePath}`;
    stored = await storeLead(options.toLead(submission.value, lang, sourcePageUrl));
  } catch (error) {
    console.error(`inquiry could not be stored: ${error instanceof Error ? error.message : String(error)}`);
    const notice: Toast = { kind: "error", title: t.notices.failedTitle, description: t.notices.failedText };
    return answer(503, { result: withoutHidden(submission.reply({ formErrors: [t.notices.failedText] })), notice });
  }
  return answer(200, {
    result: { ...submission.reply({ resetForm: true }), status: "success" },
    notice: successNotice(options, lang),
    data: { reference: stored.reference, ...(options.resultData?.(stored, submission.value, lang) ?? {}) },
  });
}

function successNotice(options: { successNotice?: (lang: Lang) => Toast }, lang: Lang): Toast {
  if (options.successNotice) return options.successNotice(lang);
  const t = inquiryStrings[lang].notices;
  return { kind: "success", title: t.successTitle, description: t.successText };
}

/** The hidden fields are rendered fresh by the page; echoing them back would only grow the cookie. */
function withoutHidden(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  if (!result.initialValue) return result;
  const { mode: _mode, sourcePage: _page, submissionId: _id, website: _bot, ...initialValue } = result.initialValue;
  return { ...result, initialValue };
}

/** The form body, or null when it is not a form our pages could send (wrong type, too large, unreadable). */
async function readLeadForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return null;
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_BODY_BYTES) return null;
  try {
    const body = await request.arrayBuffer();
    if (body.byteLength > MAX_BODY_BYTES) return null;
    return await new Request(request.url, { method: "POST", headers: { "Content-Type": type }, body }).formData();
  } catch {
    return null;
  }
}

function plainError(message: string, status: number) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
