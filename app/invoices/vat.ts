/**
 * UAE VAT arithmetic for VAT-inclusive prices, in integer fils (docs/decisions/046). Pure functions,
 * no I/O: the same input always gives the same lines, so a document can be re-printed identically.
 *
 * The one rounding rule: VAT of a line = its VAT-inclusive total × rate ÷ (100 % + rate), rounded
 * half up to the fil; the taxable amount is the rest (total − VAT), so every line, and therefore
 * the document, adds up exactly to what was charged. An order's discount is shared among its lines
 * in proportion to their gross amounts by the largest-remainder method (ties go to the earlier
 * line). A credit note shares the refund the same way over what is left to credit on each invoice
 * line; the credit that uses up a line takes exactly the VAT left on it, so an invoice refunded in
 * full (in one refund or several) nets to zero VAT.
 */

import type { TaxLine } from "../../db/schema/invoices";

/** Basis points: 500 = 5 %. */
export type VatRate = number;

export const DEFAULT_VAT_RATE: VatRate = 500;

/** VAT contained in a VAT-inclusive amount, rounded half up to the fil (integer arithmetic only). */
export function vatIncluded(total: number, rate: VatRate): number {
  assertFils(total, "total");
  assertFils(rate, "rate");
  if (total === 0 || rate === 0) return 0;
  const denominator = 10_000 + rate;
  // floor((total × rate) / denominator + 1/2), in exact integers.
  return Number((2n * BigInt(total) * BigInt(rate) + BigInt(denominator)) / (2n * BigInt(denominator)));
}

/**
 * Splits `amount` into whole parts proportional to `weights` (largest remainder; ties to the
 * earlier index). The parts add up to `amount` exactly; with amount ≤ Σ weights no part exceeds
 * its weight.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  assertFils(amount, "amount");
  weights.forEach((weight) => assertFils(weight, "weight"));
  const sum = weights.reduce((a, b) => a + b, 0);
  if (amount === 0 || weights.length === 0) return weights.map(() => 0);
  if (sum === 0) throw new RangeError("cannot allocate an amount over zero weights");
  // amount × weight can pass 2^53 for large orders: BigInt keeps it exact.
  const big = weights.map((weight) => ({
    quotient: (BigInt(amount) * BigInt(weight)) / BigInt(sum),
    remainder: (BigInt(amount) * BigInt(weight)) % BigInt(sum),
  }));
  const parts = big.map(({ quotient }) => Number(quotient));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = big
    .map(({ remainder }, index) => ({ index, remainder }))
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.index - b.index));
  for (const { index } of order) {
    if (left === 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

export type LineInput = { description: { en: string; ar: string }; unitPrice: number; quantity: number };

/** One line of a tax document (the stored shape): see TaxLine. */
export type VatLine = TaxLine;

export type VatTotals = { gross: number; discount: number; taxable: number; vat: number; total: number };

export function totalsOf(lines: readonly VatLine[]): VatTotals {
  return lines.reduce(
    (sum, line) => ({
      gross: sum.gross + line.gross,
      discount: sum.discount + line.discount,
      taxable: sum.taxable + line.taxable,
      vat: sum.vat + line.vat,
      total: sum.total + line.total,
    }),
    { gross: 0, discount: 0, taxable: 0, vat: 0, total: 0 },
  );
}

/** The lines of a tax invoice: catalogue prices, the order's discount shared out, VAT per line. */
export function invoiceLines(items: readonly LineInput[], discount: number, rate: VatRate): VatLine[] {
  assertFils(discount, "discount");
  const gross = items.map((item) => {
    assertFils(item.unitPrice, "unitPrice");
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1)
      throw new RangeError("quantity must be a whole number of at least 1");
    return item.unitPrice * item.quantity;
  });
  const grossSum = gross.reduce((a, b) => a + b, 0);
  if (discount > grossSum) throw new RangeError("the discount exceeds the lines");
  const discounts = allocate(discount, gross);
  return items.map((item, index) => {
    const total = gross[index]! - discounts[index]!;
    const vat = vatIncluded(total, rate);
    return {
      description: item.description,
      unitPrice: item.unitPrice,
      quantity: item.quantity,
      gross: gross[index]!,
      discount: discounts[index]!,
      taxable: total - vat,
      vatRate: rate,
      vat,
      total,
    };
  });
}

/** What earlier credit notes took from each invoice line (same order as the invoice's lines). */
export type Credited = { total: number; vat: number };

/**
 * The lines of a credit note for `amount` (VAT-inclusive fils) against an invoice, given what
 * earlier credit notes took from each line. Lines that get nothing are left out.
 */
export function creditLines(invoice: readonly VatLine[], credited: readonly Credited[], amount: number): VatLine[] {
  assertFils(amount, "amount");
  const remaining = invoice.map((line, index) => line.total - (credited[index]?.total ?? 0));
  if (remaining.some((value) => value < 0)) throw new RangeError("more was credited than invoiced");
  const available = remaining.reduce((a, b) => a + b, 0);
  if (amount <= 0 || amount > available)
    throw new RangeError(`a credit of ${amount} fils does not fit the ${available} fils left to credit`);
  const shares = allocate(amount, remaining);
  const lines: VatLine[] = [];
  invoice.forEach((line, index) => {
    const share = shares[index]!;
    if (share === 0) return;
    const vatLeft = line.vat - (credited[index]?.vat ?? 0);
    const exhausts = share === remaining[index];
    const vat = exhausts ? vatLeft : Math.min(vatIncluded(share, line.vatRate), vatLeft, share);
    lines.push({
      description: line.description,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      gross: share,
      discount: 0,
      taxable: share - vat,
      vatRate: line.vatRate,
      vat,
      total: share,
      invoiceLine: index,
    });
  });
  return lines;
}

/** "5" for 500 basis points, "5.25" for 525. */
export function formatRate(rate: VatRate): string {
  return String(rate / 100);
}

function assertFils(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a whole, non-negative number of fils`);
}
