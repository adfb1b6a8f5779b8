import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { createCookieSessionStorage, data, redirect, type AppLoadContext } from "@remix-run/node";
import * as z from "zod";
import { applyCartIntent } from "../cart/cart-rules";
import { cartSession, commitCartLines, storedLines } from "../cart/cart.server";
import { requestCheckContent } from "../content/request-check.server";
import { getEnv } from "../env.server";
import { localizePath, type Lang } from "../i18n/lang";
import { storeLead } from "../inquiries/inquiry.server";
import { inquiryRateLimit } from "../inquiries/lead-action.server";
import { cleanText } from "../http/clean-text.server";
import { hitRateLimit } from "../http/rate-limit.server";
import { toastHeaders } from "../forms/toast.server";
import { isGccNumber, normalizePhone } from "../i18n/phone";
import {
  clampStep,
  formatEmiratesId,
  LAST_STEP,
  STEP_FIELDS,
  WIZARD_FIELDS,
  wizardFieldError,
  type WizardField,
  type WizardValues,
} from "./rules";
import { readForm } from "../http/http.server";
import { submissionToken } from "../forms/submission-keys.server";

/** The plan list and tier the wizard sells (the AED 200 quick check). */
export const QUICK_CHECK = { serviceType: "travel-ban-quick", tierId: "quick-check" } as const;

type WizardState = { values: Partial<WizardValues>; reached: 1 | 2 | 3 };
type Handoff = {
  fullName: string;
  emiratesId: string;
  passportNumber: string;
  phoneNumber: string;
  email: string;
  reference: string;
};

const cookie = (name: string, maxAge: number) => {
  const env = getEnv();
  return {
    name,
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secure: env.isProduction,
    secrets: env.SESSION_SECRET,
    maxAge,
  };
};
let wizardStorage: ReturnType<typeof createCookieSessionStorage<{ s: WizardState }>> | undefined;
let handoffStorage: ReturnType<typeof createCookieSessionStorage<{ h: Handoff }>> | undefined;
let secrets: string[] | undefined;
function storages() {
  // Made again when the configuration is re-read (tests).
  if (secrets !== getEnv().SESSION_SECRET) {
    wizardStorage = undefined;
    handoffStorage = undefined;
    secrets = getEnv().SESSION_SECRET;
  }
  // Without JavaScript the steps are separate posts: what was entered is kept in a signed cookie.
  wizardStorage ??= createCookieSessionStorage<{ s: WizardState }>({ cookie: cookie("__request_check", 60 * 60 * 2) });
  // After Submit & Pay: the details the checkout uses for the order (a day to sign in and pay).
  handoffStorage ??= createCookieSessionStorage<{ h: Handoff }>({
    cookie: cookie("__request_check_order", 60 * 60 * 24),
  });
  return { wizard: wizardStorage, handoff: handoffStorage };
}

async function readState(request: Request): Promise<WizardState> {
  const session = await storages().wizard.getSession(request.headers.get("Cookie"));
  const state = session.get("s");
  if (!state || typeof state !== "object") return { values: {}, reached: 1 };
  const values: Partial<WizardValues> = {};
  for (const field of WIZARD_FIELDS) {
    const value = (state.values as Record<string, unknown> | undefined)?.[field];
    if (typeof value === "string") values[field] = value.slice(0, 300);
  }
  return { values, reached: clampStep(state.reached) };
}

async function saveState(request: Request, state: WizardState) {
  const session = await storages().wizard.getSession(request.headers.get("Cookie"));
  session.set("s", state);
  return storages().wizard.commitSession(session);
}

/** The wizard's details after Submit & Pay, for the checkout to keep on the order; null when there are none. */
export async function readRequestCheckHandoff(request: Request): Promise<Handoff | null> {
  const session = await storages().handoff.getSession(request.headers.get("Cookie"));
  const value = session.get("h");
  return value && typeof value === "object" && typeof value.email === "string" ? value : null;
}

/** What the checkout form starts with after the wizard: the wizard's contact details and an order description naming the IDs. */
export async function checkoutDefaultsFromWizard(
  request: Request,
  lang: Lang,
): Promise<{ legalName: string; email: string; phone: string; description: string } | null> {
  const handoff = await readRequestCheckHandoff(request);
  if (!handoff) return null;
  const lines =
    lang === "ar"
      ? [
          `طلب فحص سريع لحظر السفر (المرجع ${handoff.reference})`,
          `رقم الهوية الإماراتية: ${handoff.emiratesId}`,
          handoff.passportNumber ? `رقم جواز السفر: ${handoff.passportNumber}` : "",
        ]
      : [
          `Quick travel ban check request (reference ${handoff.reference})`,
          `Emirates ID: ${handoff.emiratesId}`,
          handoff.passportNumber ? `Passport number: ${handoff.passportNumber}` : "",
        ];
  return {
    legalName: handoff.fullName,
    email: handoff.email,
    phone: handoff.phoneNumber,
    description: lines.filter(Boolean).join("\n"),
  };
}

/** The server's check of the given steps' fields: the same rules as the browser's, messages in the page's language. */
function wizardSchema(lang: Lang, steps: Array<1 | 2 | 3>) {
  const errors = requestCheckContent(lang).errors;
  const fields = steps.flatMap((step) => STEP_FIELDS[step]);
  const shape: Partial<Record<WizardField, z.ZodType>> = {};
  for (const field of fields) {
    const check = (value: string | undefined, ctx: z.RefinementCtx) => {
      // The shared rules, and for the phone the numbering plan the browser does not carry.
      const error =
        wizardFieldError(field, value ?? "") ??
        (field === "phoneNumber" && !formatGccPhone(value ?? "") ? "phoneNumber" : undefined);
      if (error) ctx.addIssue({ code: "custom", message: errors[error] });
    };
    shape[field] =
      field === "passportNumber"
        ? z.string().optional().superRefine(check)
        : z.string({ error: errors[field] as string }).superRefine(check);
  }
  return z.object(shape);
}

/** +971501234567 from a GCC number (local UAE formats, or any GCC number with its country code); undefined for anything else. */
export function formatGccPhone(value: string): string | undefined {
  const e164 = normalizePhone(value);
  return e164 && isGccNumber(e164) ? e164 : undefined;
}

/** Values as stored: cleaned, the Emirates ID and phone in one canonical form. */
function normalise(values: Partial<WizardValues>): WizardValues {
  const text = (value: string | undefined) => cleanText(value ?? "");
  const emiratesId = text(values.emiratesId);
  const phone = text(values.phoneNumber);
  return {
    fullName: text(values.fullName),
    emiratesId: formatEmiratesId(emiratesId) ?? emiratesId,
    passportNumber: text(values.passportNumber).replace(/\s/g, "").toUpperCase(),
    phoneNumber: formatGccPhone(phone) ?? phone,
    email: text(values.email),
  };
}

export type WizardPage = {
  step: 1 | 2 | 3;
  values: Partial<WizardValues>;
  result?: SubmissionResult<string[]>;
  notice?: string;
};

/** The loader: the step asked for (never past the furthest reached) and what was entered so far. */
export async function loadWizard(request: Request): Promise<WizardPage> {
  const state = await readState(request);
  const asked = clampStep(new URL(request.url).searchParams.get("step") ?? 1);
  return { step: asked > state.reached ? state.reached : asked, values: state.values };
}

const stepUrl = (lang: Lang, step: number) =>
  localizePath(lang, step === 1 ? "/request-check" : `/request-check?step=${step}`);

/**
 * One action for the three steps. "back" keeps what was typed and goes one step back (never
 * below 1); "next" checks this step's fields and moves on; "submit" checks everything, stores the
 * request (nothing is lost if the visitor does not pay), puts the quick check in the cart, keeps
 * the details for the order and goes to the checkout.
 */
export async function wizardAction(request: Request, context: Pick<AppLoadContext, "clientAddress">, lang: Lang) {
  const text = requestCheckContent(lang);
  const formData = await readForm(request);
  if (!formData) return data<WizardPage>({ step: 1, values: {}, notice: text.errors.fullName }, { status: 400 });
  const state = await readState(request);
  const posted: Partial<WizardValues> = {};
  for (const field of WIZARD_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string") posted[field] = value.slice(0, 300);
  }
  const values = { ...state.values, ...posted };
  const step = clampStep(formData.get("step"));
  const intent = formData.get("intent");

  if (intent === "back") {
    const target = Math.max(1, step - 1);
    return redirect(stepUrl(lang, target), {
      status: 303,
      headers: { "Set-Cookie": await saveState(request, { values, reached: state.reached }) },
    });
  }

  if (intent !== "submit" || step !== LAST_STEP) {
    const submission = parseWithZod(formData, { schema: wizardSchema(lang, [step]) });
    if (submission.status !== "success")
      return data<WizardPage>({ step, values, result: submission.reply() }, { status: 400 });
    const next = clampStep(step + 1);
    const reached = next > state.reached ? next : state.reached;
    return redirect(stepUrl(lang, next), {
      status: 303,
      headers: { "Set-Cookie": await saveState(request, { values, reached }) },
    });
  }

  // Submit & Pay: every step again, on the values kept so far plus what this post carried.
  const all = new FormData();
  for (const field of WIZARD_FIELDS) all.set(field, values[field] ?? "");
  const submission = parseWithZod(all, { schema: wizardSchema(lang, [1, 2]) });
  if (submission.status !== "success") {
    const errorFields = Object.keys(submission.error ?? {});
    const firstStep = STEP_FIELDS[1].some((field) => errorFields.includes(field)) ? 1 : 2;
    return data<WizardPage>({ step: firstStep, values, result: submission.reply() }, { status: 400 });
  }

  const limit = await hitRateLimit(inquiryRateLimit(), context.clientAddress || "unknown");
  if (!limit.allowed) return data<WizardPage>({ step, values, notice: text.rateLimited }, { status: 429 });

  const clean = normalise(values);
  let reference: string;
  let repeated = false;
  try {
    const stored = await storeLead({
      kind: "wizard",
      fullName: clean.fullName,
      email: clean.email,
      phone: clean.phoneNumber,
      documentId: clean.emiratesId,
      serviceType: "travel-ban-check",
      details: {
        emiratesId: clean.emiratesId,
        ...(clean.passportNumber ? { passportNumber: clean.passportNumber } : {}),
      },
      sourcePageUrl: `${getEnv().SITE_URL}${localizePath(lang, "/request-check")}`,
      // The form's key: a retried Submit & Pay stores one request.
      submissionId: submissionToken(formData),
      lang,
    });
    reference = stored.reference;
    repeated = stored.duplicate;
  } catch (error) {
    console.error(`request-check could not be stored: ${error instanceof Error ? error.message : String(error)}`);
    return data<WizardPage>({ step, values, notice: text.failed }, { status: 503 });
  }

  const headers = new Headers();
  const cart = await cartSession(request);
  // A repeated Submit & Pay (a retry after the first got through) adds no second quick check,
  // but puts it back when the first answer, and so its cookie, never arrived.
  const current = storedLines(cart.get("l"));
  const inCart = current.some(
    (line) => line.serviceType === QUICK_CHECK.serviceType && line.tierId === QUICK_CHECK.tierId,
  );
  const lines = repeated && inCart ? current : applyCartIntent(current, { intent: "add", ...QUICK_CHECK }).lines;
  headers.append("Set-Cookie", await commitCartLines(cart, lines));
  const handoff = await storages().handoff.getSession();
  handoff.set("h", { ...clean, reference });
  headers.append("Set-Cookie", await storages().handoff.commitSession(handoff));
  headers.append(
    "Set-Cookie",
    await storages().wizard.destroySession(await storages().wizard.getSession(request.headers.get("Cookie"))),
  );
  await toastHeaders({ kind: "success", title: text.addedTitle, description: text.addedText }, headers);
  return redirect(localizePath(lang, "/checkout"), { status: 303, headers });
}

/** The Set-Cookie value that forgets the wizard's details (once the order holds them). */
export async function clearRequestCheckHandoff(): Promise<string> {
  return storages().handoff.destroySession(await storages().handoff.getSession());
}
