import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import { checkoutText, type CheckoutText } from "../content/checkout.server";
import { fill } from "../i18n/fill";
import { hitRateLimit } from "../http/rate-limit.server";
import { formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import { markPaidInTransaction, startPayment, PaymentsUnavailable } from "../payments/payments.server";
import { CHECKOUT_MAX_LENGTHS, checkoutSchema } from "./checkout-form.server";
import { objectStoreUnavailableMessage, ObjectStoreUnavailable, withStoredFiles } from "../documents/documents.server";
import { once, submissionKeyOf } from "../forms/submission-keys.server";
import { couponExists } from "./coupons.server";
import {
  computeTotals,
  CouponUnavailable,
  createOrder,
  findOrderOfUser,
  type CartLineInput,
  type OrderTotals,
} from "./orders.server";
import {
  isMultipart,
  parseUploadForm,
  UPLOAD_LIMITS,
  uploadProblemMessage,
  UploadRejected,
  type UploadProblem,
} from "./uploads.server";

/** The file input's name. */
export const DOCUMENTS_FIELD = "documents";

/** What the checkout page shows of the totals (numbers in fils, display strings in the visitor's language). */
export type SummaryView = {
  lines: Array<{ key: string; serviceName: string; tierName: string; quantity: number; lineTotal: string }>;
  subtotal: string;
  discount: string | null;
  couponCode: string | null;
  total: string;
  totalFils: number;
};

export function summaryView(totals: OrderTotals, lang: Lang): SummaryView {
  return {
    lines: totals.lines.map((line) => ({
      key: line.key,
      serviceName: line.displayServiceName,
      tierName: line.displayTierName,
      quantity: line.quantity,
      lineTotal: formatMoney(line.lineTotal, lang),
    })),
    subtotal: formatMoney(totals.subtotal, lang),
    discount: totals.discount > 0 ? formatMoney(totals.discount, lang) : null,
    couponCode: totals.couponCode,
    total: formatMoney(totals.total, lang),
    totalFils: totals.total,
  };
}

export type CheckoutOutcome =
  /** Re-render the form: field errors (or the applied coupon) with what was typed. */
  | {
      kind: "reply";
      status: number;
      lastResult: SubmissionResult<string[]>;
      summary: SummaryView;
      filesDropped: boolean;
      couponApplied: boolean;
    }
  /** The order exists: send the client to the provider (303); the cart is to be cleared. */
  | { kind: "pay"; orderId: string; url: string }
  /** The order exists but the payment page could not be opened: show the order's pay page with the error. */
  | { kind: "payment-error"; orderId: string; unavailable: boolean }
  /** A total of zero (a 100 % coupon, a free service): the order is paid without a provider. */
  | { kind: "paid"; orderId: string };

function uploadMessage(problem: UploadProblem, text: CheckoutText) {
  return uploadProblemMessage(problem, text.errors);
}

/** A body that is not multipart (the JavaScript coupon button sends a small urlencoded one). */
async function readSmallForm(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > UPLOAD_LIMITS.maxFieldBytes) throw new UploadRejected("total-too-large");
  try {
    return await request.formData();
  } catch {
    throw new UploadRejected("malformed");
  }
}

/**
 * The checkout's one action, with two intents: "apply-coupon" re-prices with the code, "pay"
 * validates everything in the spec's order, creates the order with its documents and opens the
 * payment page. Prices come from the cart lines and the catalogue only: any price a browser sends
 * is ignored.
 */
/** New orders per client and hour: plenty for real use, a stop for scripted floods of uploads. */
export const ORDER_RATE_LIMIT = { name: "checkout-order", limit: 20, windowSeconds: 3600 } as const;

export async function handleCheckout({
  request,
  userId,
  cart,
  lang,
  extra,
}: {
  request: Request;
  userId: string;
  cart: readonly CartLineInput[];
  lang: Lang;
  /** Details kept on the order, e.g. the request wizard's answers. */
  extra?: Record<string, string>;
}): Promise<CheckoutOutcome> {
  const text = checkoutText[lang];
  let fields: FormData;
  let files: Awaited<ReturnType<typeof parseUploadForm>>["files"] = [];
  let problems: UploadProblem[] = [];
  let formError: string | undefined;
  try {
    if (isMultipart(request)) {
      const parsed = await parseUploadForm(request, DOCUMENTS_FIELD);
      fields = parsed.fields;
      files = parsed.files;
      problems = parsed.problems;
    } else {
      fields = await readSmallForm(request);
    }
  } catch (error) {
    if (!(error instanceof UploadRejected)) throw error;
    // Nothing of the body is kept: answer with the form empty but the cart intact.
    fields = new FormData();
    formError =
      error.reason === "total-too-large" ? uploadMessage({ kind: "total-too-large" }, text) : text.errors.malformed;
  }

  const intent = fields.get("intent") === "apply-coupon" ? "apply-coupon" : "pay";
  const couponInput = String(fields.get("couponCode") ?? "").slice(0, CHECKOUT_MAX_LENGTHS.couponCode);

  if (intent === "apply-coupon") {
    const submission = parseWithZod(fields, { schema: z.object({ couponCode: z.string().optional() }) });
    const totals = await computeTotals(cart, couponInput, lang, { userId });
    const couponError = couponInput.trim() === "" || totals.couponInvalid ? [text.errors.coupon] : undefined;
    return {
      kind: "reply",
      status: couponError ? 400 : 200,
      lastResult: submission.reply(couponError ? { fieldErrors: { couponCode: couponError } } : {}),
      summary: summaryView(totals, lang),
      filesDropped: files.length > 0 || problems.length > 0,
      couponApplied: !couponError,
    };
  }

  const submission = parseWithZod(fields, { schema: checkoutSchema(text) });
  const totals = await computeTotals(
    cart,
    submission.status === "success" ? submission.value.couponCode : couponInput,
    lang,
    { userId },
  );
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  if (formError) formErrors.push(formError);
  if (problems.length) fieldErrors[DOCUMENTS_FIELD] = problems.map((p) => uploadMessage(p, text));
  // A real coupon that cannot be used any more (switched off, expired or used up since Apply):
  // the summary is re-priced without it and a notice says so; the order waits for the new total.
  // (Deleted since Apply too: the form says which code its summary showed applied.)
  const appliedCoupon = String(fields.get("appliedCoupon") ?? "")
    .trim()
    .toUpperCase();
  const couponGone =
    totals.couponInvalid && (appliedCoupon === couponInput.trim().toUpperCase() || (await couponExists(couponInput)));
  if (couponGone) formErrors.push(fill(text.errors.couponGone, { code: couponInput.trim().toUpperCase() }));
  if (totals.couponInvalid) fieldErrors.couponCode = [text.errors.coupon];
  // The spec checks the total after the fields; an empty or unpriceable cart has no total. A total
  // of zero from a coupon (or a free service) is an order: it is paid without a provider.
  if (totals.lines.length === 0) formErrors.push(text.errors.total);

  if (submission.status !== "success" || formErrors.length || Object.keys(fieldErrors).length) {
    const reply = submission.reply({
      formErrors: formErrors.length ? formErrors : [text.errors.formHasErrors],
      fieldErrors,
    });
    return {
      kind: "reply",
      status: couponGone ? 409 : 400,
      // The gone coupon is taken out of the form, so the next Pay is at the price shown.
      lastResult: couponGone ? { ...reply, initialValue: { ...(reply.initialValue ?? {}), couponCode: "" } } : reply,
      summary: summaryView(totals, lang),
      filesDropped: files.length > 0 || problems.length > 0,
      couponApplied: Boolean(totals.couponCode),
    };
  }

  const limit = await hitRateLimit(ORDER_RATE_LIMIT, userId);
  if (!limit.allowed) {
    return {
      kind: "reply",
      status: 429,
      lastResult: submission.reply({
        formErrors: [fill(text.errors.tooManyOrders, { minutes: Math.ceil(limit.retryAfterSeconds / 60) })],
      }),
      summary: summaryView(totals, lang),
      filesDropped: files.length > 0,
      couponApplied: Boolean(totals.couponCode),
    };
  }
  let made: { orderId: string };
  try {
    // Once per submission key: Pay sent again (a retry after the answer was lost) continues with
    // the order the first one made instead of making a second.
    // With a bucket configured the documents are written there before the order's transaction
    // and removed again if it does not commit (app/documents/documents.server.ts).
    ({ result: made } = await withStoredFiles(files, (placed) =>
      once(submissionKeyOf(fields, `checkout:${userId}`), async (tx) => {
        const created = await createOrder(
          {
            userId,
            lang,
            details: submission.value,
            totals,
            files: placed,
            extra,
            // Nothing to charge: paid now, in the order's own transaction, with the usual mails and invoice.
            onCreated:
              totals.total === 0
                ? (inner, order) =>
                    markPaidInTransaction(inner, {
                      orderId: order.id,
                      provider: null,
                      sessionId: null,
                      amountTotal: 0,
                      currency: "aed",
                    })
                : undefined,
          },
          tx,
        );
        return { orderId: created.id };
      }),
    ));
  } catch (error) {
    if (error instanceof ObjectStoreUnavailable) {
      // The bucket is down: no order was made; the form comes back with what was typed (files must be chosen again).
      console.error(error.message);
      return {
        kind: "reply",
        status: 503,
        lastResult: submission.reply({ formErrors: [objectStoreUnavailableMessage(lang, "upload")] }),
        summary: summaryView(totals, lang),
        filesDropped: true,
        couponApplied: Boolean(totals.couponCode),
      };
    }
    if (!(error instanceof CouponUnavailable)) throw error;
    // The coupon went (used up by someone else, switched off, expired) between Apply and Pay:
    // re-price without it and let the client confirm the new total.
    const repriced = await computeTotals(cart, undefined, lang);
    const reply = submission.reply({
      formErrors: [fill(text.errors.couponGone, { code: error.code })],
      fieldErrors: { couponCode: [text.errors.coupon] },
    });
    return {
      kind: "reply",
      status: 409,
      lastResult: { ...reply, initialValue: { ...(reply.initialValue ?? {}), couponCode: "" } },
      summary: summaryView(repriced, lang),
      filesDropped: files.length > 0,
      couponApplied: false,
    };
  }
  const order = await findOrderOfUser(made.orderId, userId);
  if (!order) throw new Error(`order ${made.orderId} of a repeated checkout is gone`);
  if (order.paymentStatus === "paid") return { kind: "paid", orderId: order.id };
  try {
    const started = await startPayment(order, lang);
    if (started.kind === "redirect") return { kind: "pay", orderId: order.id, url: started.url };
    return { kind: "paid", orderId: order.id };
  } catch (error) {
    if (!(error instanceof PaymentsUnavailable))
      console.error(`payment start failed for order ${order.id}:`, error instanceof Error ? error.message : error);
    return { kind: "payment-error", orderId: order.id, unavailable: error instanceof PaymentsUnavailable };
  }
}
