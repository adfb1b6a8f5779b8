import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocate,
  creditLines,
  invoiceLines,
  totalsOf,
  vatIncluded,
  type Credited,
  type VatLine,
} from "../../app/invoices/vat";

const description = { en: "Travel Ban Check · Basic", ar: "فحص حظر السفر · أساسي" };
/** Rates from 0 to 100 % in basis points, the default 5 % often. */
const rate = fc.oneof(fc.constant(500), fc.integer({ min: 0, max: 10_000 }));
const item = fc
  .record({ unitPrice: fc.integer({ min: 0, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 99 }) })
  .map((i) => ({ ...i, description }));
const items = fc.array(item, { minLength: 1, maxLength: 8 });

/** The documented rule, written out independently with rational arithmetic: round half up of total × rate / (10000 + rate). */
function documentedVat(total: number, rateBp: number) {
  const numerator = BigInt(total) * BigInt(rateBp);
  const denominator = BigInt(10_000 + rateBp);
  const floor = numerator / denominator;
  const twiceRemainder = 2n * (numerator % denominator);
  return Number(twiceRemainder >= denominator ? floor + 1n : floor);
}

describe("VAT on VAT-inclusive prices", () => {
  it("matches hand-worked examples", () => {
    // 650 AED at 5 %: 65,000 × 5 / 105 = 3,095.238… → 3,095 fils VAT.
    expect(vatIncluded(65_000, 500)).toBe(3_095);
    // 1.05 AED holds exactly 5 fils.
    expect(vatIncluded(105, 500)).toBe(5);
    // 0.21 AED: 1.0 fil exactly; 0.31 AED: 1.476… → 1; 0.32 AED: 1.52 → 2 (half up).
    expect(vatIncluded(21, 500)).toBe(1);
    expect(vatIncluded(31, 500)).toBe(1);
    expect(vatIncluded(32, 500)).toBe(2);
    expect(vatIncluded(0, 500)).toBe(0);
    expect(vatIncluded(12_345, 0)).toBe(0);
  });

  it("refuses fractions and negative amounts", () => {
    expect(() => vatIncluded(-1, 500)).toThrow(RangeError);
    expect(() => vatIncluded(1.5, 500)).toThrow(RangeError);
    expect(() => invoiceLines([{ description, unitPrice: 100, quantity: 1 }], 101, 500)).toThrow(RangeError);
  });

  it("invoice lines add up to the order's total and every line rounds the documented way", () => {
    fc.assert(
      fc.property(items, rate, fc.double({ min: 0, max: 1, noNaN: true }), (input, vatRate, discountShare) => {
        const gross = input.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0);
        const discount = Math.floor(gross * discountShare);
        const lines = invoiceLines(input, discount, vatRate);
        const totals = totalsOf(lines);
        expect(totals.total).toBe(gross - discount);
        expect(totals.discount).toBe(discount);
        expect(totals.taxable + totals.vat).toBe(totals.total);
        for (const [index, line] of lines.entries()) {
          expect(line.gross).toBe(input[index]!.unitPrice * input[index]!.quantity);
          expect(line.total).toBe(line.gross - line.discount);
          expect(line.discount).toBeGreaterThanOrEqual(0);
          expect(line.discount).toBeLessThanOrEqual(line.gross);
          expect(line.vat).toBe(documentedVat(line.total, vatRate));
          expect(line.taxable).toBe(line.total - line.vat);
          expect(line.vatRate).toBe(vatRate);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a 100 % discount leaves every line at zero", () => {
    fc.assert(
      fc.property(items, rate, (input, vatRate) => {
        const gross = input.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0);
        const totals = totalsOf(invoiceLines(input, gross, vatRate));
        expect(totals).toMatchObject({ total: 0, vat: 0, taxable: 0 });
      }),
    );
  });

  it("allocation is exact, proportional within one fil and never above a weight", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 10 })
          .filter((w) => w.some((x) => x > 0)),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const amount = Math.floor(sum * share);
          const parts = allocate(amount, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          parts.forEach((part, index) => {
            expect(part).toBeLessThanOrEqual(weights[index]!);
            expect(Math.abs(part - (amount * weights[index]!) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it("credit notes: partial refunds in any sizes never credit more than invoiced, and a full refund nets VAT to zero", () => {
    fc.assert(
      fc.property(
        items,
        rate,
        fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 }),
        (input, vatRate, steps) => {
          const invoice = invoiceLines(input, 0, vatRate);
          const invoiceTotals = totalsOf(invoice);
          fc.pre(invoiceTotals.total > 0);
          const credited: Credited[] = invoice.map(() => ({ total: 0, vat: 0 }));
          const notes: VatLine[][] = [];
          let left = invoiceTotals.total;
          for (const step of steps) {
            if (left === 0) break;
            const amount = Math.max(1, Math.floor(left * step));
            const lines = creditLines(invoice, credited, amount);
            notes.push(lines);
            const totals = totalsOf(lines);
            expect(totals.total).toBe(amount);
            expect(totals.taxable + totals.vat).toBe(totals.total);
            // Book the credit against the lines it came from (same order, zero shares left out).
            const shares = allocate(
              amount,
              invoice.map((line, i) => line.total - credited[i]!.total),
            );
            let next = 0;
            shares.forEach((share, i) => {
              if (share === 0) return;
              const line = lines[next++]!;
              expect(line.total).toBe(share);
              credited[i] = { total: credited[i]!.total + line.total, vat: credited[i]!.vat + line.vat };
              expect(credited[i]!.vat).toBeLessThanOrEqual(invoice[i]!.vat);
            });
            left -= amount;
          }
          // Refund whatever is left: everything is then credited, VAT included, to the fil.
          if (left > 0) {
            const last = creditLines(invoice, credited, left);
            notes.push(last);
            const shares = allocate(
              left,
              invoice.map((line, i) => line.total - credited[i]!.total),
            );
            let next = 0;
            shares.forEach((share, i) => {
              if (share === 0) return;
              const line = last[next++]!;
              credited[i] = { total: credited[i]!.total + line.total, vat: credited[i]!.vat + line.vat };
            });
          }
          const allCredited = totalsOf(notes.flat());
          expect(allCredited.total).toBe(invoiceTotals.total);
          expect(allCredited.vat).toBe(invoiceTotals.vat);
          expect(() => creditLines(invoice, credited, 1)).toThrow(RangeError);
        },
      ),
      { numRuns: 300 },
    );
  });
});
