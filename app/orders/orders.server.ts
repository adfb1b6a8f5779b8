import { and, eq } from "drizzle-orm";
import { orderDocuments, orderEvents, orderItems, orders, type Order, type OrderItem } from "../../db/schema";
import {
  priceLine,
  serviceName,
  speedLabel,
  turnaroundAtSpeed,
  type PlanListKey,
  type ServiceKey,
  type Speed,
  type Turnaround,
} from "../catalogue";
import { cartLineKey } from "../cart/cart-rules";
import { checkoutText } from "../content/checkout.server";
import { db, type Queryable, type Transaction } from "../db.server";
import { getEnv, siteName } from "../env.server";
import { fill } from "../i18n/fill";
import { formatMoney } from "../i18n/format";
import { localizePath, type Lang } from "../i18n/lang";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import type { CheckoutDetails } from "./checkout-form.server";
import { couponDiscount, findUsableCoupon, reserveCoupon, type CouponProblem } from "./coupons.server";
import { shortOrderId } from "./order-basics.server";
import { isUuid } from "../utils/ids";
import type { UploadedFile } from "./uploads.server";

export { isUuid, shortOrderId };

/** What a cart line says (from the cart cookie, never trusted for prices): a plan list, a tier, a speed and a quantity. */
export type CartLineInput = { serviceType: string; tierId: string; speed?: Speed; quantity: number };

export const MAX_LINE_QUANTITY = 99;

export type PricedLine = {
  /** The cart line's key (plan list, tier, speed). */
  key: string;
  planList: PlanListKey;
  serviceKey: ServiceKey;
  tierId: string;
  /** The quote's delivery speed: the unit price includes its multiplier. */
  speed: Speed;
  /** English names (stored on the order; the tier name is the catalogue's, the speed is stored apart). */
  serviceName: string;
  tierName: string;
  /** Names in the visitor's language (shown), the tier's with its speed ("Comprehensive, Express (×1.5)"). */
  displayServiceName: string;
  displayTierName: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** What the package promises (kept on the order line: due times count from it). */
  turnaround: Turnaround;
};

export type PricedCart = { lines: PricedLine[]; subtotal: number };

/** A tier's name with the speed it was quoted at, when faster than standard. */
export function tierWithSpeed(tierName: string, speed: Speed, lang: Lang): string {
  const label = speedLabel(speed, lang);
  return label ? `${tierName}${lang === "ar" ? "، " : ", "}${label}` : tierName;
}

/**
 * Prices cart lines from the catalogue alone (a faster speed at the quote's price): unknown plans
 * or tiers, and speeds a tier is not quoted at, are dropped; quantities are whole numbers from 1
 * to 99, and repeated lines are merged.
 */
export function priceCart(input: readonly CartLineInput[], lang: Lang = "en"): PricedCart {
  const merged = new Map<string, PricedLine>();
  for (const line of input) {
    const speed = line.speed ?? "standard";
    const found = priceLine(line.serviceType, line.tierId, speed);
    const quantity = Math.trunc(Number(line.quantity));
    if (!found || !Number.isFinite(quantity) || quantity < 1) continue;
    const key = cartLineKey(found.list.key, found.tier.id, speed);
    const previous = merged.get(key);
    const total = Math.min(MAX_LINE_QUANTITY, (previous?.quantity ?? 0) + quantity);
    merged.set(key, {
      key,
      planList: found.list.key,
      serviceKey: found.list.service,
      tierId: found.tier.id,
      speed,
      serviceName: serviceName(found.list.service, "en"),
      tierName: found.tier.name.en,
      displayServiceName: serviceName(found.list.service, lang),
      displayTierName: tierWithSpeed(found.tier.name[lang], speed, lang),
      unitPrice: found.unitPrice,
      quantity: total,
      lineTotal: found.unitPrice * total,
      turnaround: turnaroundAtSpeed(found.tier.turnaround, speed),
    });
  }
  const lines = [...merged.values()];
  return { lines, subtotal: lines.reduce((sum, line) => sum + line.lineTotal, 0) };
}

export type OrderTotals = PricedCart & { discount: number; total: number; couponCode: string | null };

/**
 * The amounts of an order: catalogue prices, then the coupon if it is usable now (by this client,
 * when given). Returns couponInvalid when a code was given but cannot be used.
 */
export async function computeTotals(
  input: readonly CartLineInput[],
  couponCode: string | undefined,
  lang: Lang,
  { tx = db, userId = null }: { tx?: Queryable; userId?: string | null } = {},
): Promise<OrderTotals & { couponInvalid: boolean }> {
  const priced = priceCart(input, lang);
  const code = couponCode?.trim();
  if (!code) return { ...priced, discount: 0, total: priced.subtotal, couponCode: null, couponInvalid: false };
  const coupon = await findUsableCoupon(code, { tx, userId });
  if (!coupon) return { ...priced, discount: 0, total: priced.subtotal, couponCode: null, couponInvalid: true };
  const discount = couponDiscount(coupon, priced.subtotal);
  return { ...priced, discount, total: priced.subtotal - discount, couponCode: coupon.code, couponInvalid: false };
}

/** The spec's summary fields of an order with several lines: distinct names joined. */
function summaryNames(lines: PricedLine[]) {
  const distinct = (values: string[]) => [...new Set(values)].join(", ").slice(0, 200);
  return {
    serviceType: distinct(lines.map((l) => l.serviceName)) || "General Service",
    tierName: distinct(lines.map((l) => tierWithSpeed(l.tierName, l.speed, "en"))) || "Standard",
  };
}

export type NewOrder = {
  userId: string;
  lang: Lang;
  details: CheckoutDetails;
  totals: OrderTotals;
  /** Checked uploads; with `storageKey` their content is already in the bucket (app/documents/documents.server.ts). */
  files: Array<Omit<UploadedFile, "data"> & { data: Buffer | null; storageKey?: string | null }>;
  /** Extra details kept with the order (e.g. the request wizard's answers). */
  extra?: Record<string, string>;
  /** Runs last in the order's transaction, e.g. marking a free order paid. */
  onCreated?: (tx: Transaction, order: Order) => Promise<unknown>;
};

/** The coupon the totals were computed with can no longer be used: nothing was written. */
export class CouponUnavailable extends Error {
  constructor(
    readonly code: string,
    readonly problem: CouponProblem,
  ) {
    super(`coupon ${code} is no longer available (${problem})`);
  }
}

/**
 * Creates the order in one transaction: the order (pending, unpaid), its coupon use (reserved
 * atomically: see reserveCoupon), its lines, its documents, its first history entry and the
 * confirmation e-mail. Nothing is written when any part fails; CouponUnavailable when the coupon
 * was used up, switched off or expired since the totals were computed. A total of zero is fine
 * (a 100 % coupon, a free service): the caller's onCreated marks it paid in the same transaction.
 */
export async function createOrder(input: NewOrder, outer: Queryable = db): Promise<Order> {
  if (input.totals.lines.length === 0 || input.totals.total < 0)
    throw new Error("an order needs lines and a total of at least zero");
  return outer.transaction(async (tx) => {
    const names = summaryNames(input.totals.lines);
    const [order] = await tx
      .insert(orders)
      .values({
        userId: input.userId,
        serviceType: names.serviceType,
        tierName: names.tierName,
        amount: input.totals.total,
        subtotal: input.totals.subtotal,
        discount: input.totals.discount,
        couponCode: input.totals.couponCode,
        currency: "AED",
        status: "pending",
        paymentStatus: "unpaid",
        description: input.details.description || null,
        legalName: input.details.legalName,
        // E.164 already (checkout-form.server.ts).
        phone: input.details.phone,
        email: input.details.email.toLowerCase(),
        state: input.details.state || null,
        documentLink: input.details.documentLink || null,
        customerCompany: input.details.companyName || null,
        customerTrn: input.details.companyTrn || null,
        details: input.extra ?? {},
        lang: input.lang,
      })
      .returning();
    if (input.totals.couponCode) {
      const reservation = await reserveCoupon(tx, {
        code: input.totals.couponCode,
        orderId: order!.id,
        userId: input.userId,
      });
      // The discount shown must still be the discount given (a coupon's terms cannot change, but be sure).
      if (!reservation.ok) throw new CouponUnavailable(input.totals.couponCode, reservation.problem);
      if (couponDiscount(reservation.coupon, input.totals.subtotal) !== input.totals.discount)
        throw new CouponUnavailable(input.totals.couponCode, "inactive");
    }
    await tx.insert(orderItems).values(
      input.totals.lines.map((line) => ({
        orderId: order!.id,
        serviceKey: line.serviceKey,
        tierId: line.tierId,
        tierName: line.tierName,
        speed: line.speed,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        turnaroundValue: line.turnaround.value,
        turnaroundUnit: line.turnaround.unit,
      })),
    );
    if (input.files.length) {
      await tx.insert(orderDocuments).values(
        input.files.map((file) => ({
          orderId: order!.id,
          kind: "upload" as const,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          sha256: file.sha256,
          data: file.data,
          storageKey: file.storageKey ?? null,
          uploadedBy: input.userId,
        })),
      );
    }
    await tx
      .insert(orderEvents)
      .values({ orderId: order!.id, actorId: input.userId, kind: "created", toValue: "pending" });
    await queueMail(tx, {
      to: order!.email!,
      kind: "order-confirmation",
      ...orderConfirmationMail(order!, input.totals, input.lang),
    });
    if (input.onCreated) await input.onCreated(tx, order!);
    const [current] = await tx.select().from(orders).where(eq(orders.id, order!.id));
    return current!;
  });
}

function orderConfirmationMail(order: Order, totals: OrderTotals, lang: Lang) {
  const text = checkoutText[lang].mail;
  const env = getEnv();
  const details: Array<[string, string]> = [
    [text.orderLabel, shortOrderId(order.id)],
    ...totals.lines.map((line): [string, string] => [
      `${line.displayServiceName} · ${line.displayTierName} × ${line.quantity}`,
      formatMoney(line.lineTotal, lang),
    ]),
  ];
  if (totals.discount > 0)
    details.push([`${text.discountLabel} (${totals.couponCode})`, `− ${formatMoney(totals.discount, lang)}`]);
  details.push([text.totalLabel, formatMoney(totals.total, lang)]);
  return renderEmail(
    {
      subject: fill(text.confirmationSubject, { id: shortOrderId(order.id) }),
      greeting: fill(text.greeting, { name: order.legalName ?? "" }),
      paragraphs:
        totals.total === 0
          ? [fill(text.confirmationFreeBody, { site: siteName(lang, env) })]
          : [fill(text.confirmationBody, { site: siteName(lang, env) }), text.confirmationPayLater],
      details,
      action: { label: text.dashboardAction, url: env.SITE_URL + localizePath(lang, "/dashboard") },
    },
    lang,
  );
}

/** An order of this user (or undefined): the owner check every order page and download relies on. */
export async function findOrderOfUser(orderId: string, userId: string, tx: Queryable = db): Promise<Order | undefined> {
  if (!isUuid(orderId)) return undefined;
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return order;
}

export async function orderItemsOf(orderId: string, tx: Queryable = db): Promise<OrderItem[]> {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.createdAt);
}
