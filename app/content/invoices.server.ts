import type { Lang } from "../i18n/lang";

/** The words of the tax invoice and tax credit note PDFs, in English and Arabic. */
const en = {
  invoiceTitle: "Tax Invoice",
  creditTitle: "Tax Credit Note",
  invoiceNumber: "Invoice number",
  creditNumber: "Credit note number",
  issueDate: "Date of issue",
  supplyDate: "Date of supply",
  orderReference: "Order reference",
  creditFor: "Credit note for tax invoice",
  reason: "Reason",
  supplier: "Supplier",
  customer: "Customer",
  trn: "TRN",
  company: "Company",
  email: "Email",
  address: "Address",
  columns: {
    description: "Description",
    unitPrice: "Unit price (incl. VAT)",
    quantity: "Qty",
    discount: "Discount",
    taxable: "Taxable amount",
    vatRate: "VAT rate",
    vat: "VAT amount",
    total: "Total (incl. VAT)",
  },
  totalDiscount: "Discount",
  totalTaxable: "Total excluding VAT",
  totalVat: "VAT {rate}%",
  total: "Total including VAT (AED)",
  totalCredited: "Total credited including VAT (AED)",
  amountsNote:
    "All amounts in AED (UAE dirham). Prices include VAT at {rate}%. VAT is worked out per line on the VAT-inclusive amount and rounded to the nearest fils.",
  issuedBy: "Issued electronically by {supplier}; valid without a signature.",
  page: "Page {page} of {pages}",
  fileName: { invoice: "tax-invoice", credit_note: "tax-credit-note" },
};

export type InvoiceText = typeof en;

const ar: InvoiceText = {
  invoiceTitle: "فاتورة ضريبية",
  creditTitle: "إشعار دائن ضريبي",
  invoiceNumber: "رقم الفاتورة",
  creditNumber: "رقم الإشعار الدائن",
  issueDate: "تاريخ الإصدار",
  supplyDate: "تاريخ التوريد",
  orderReference: "رقم الطلب",
  creditFor: "إشعار دائن للفاتورة الضريبية",
  reason: "السبب",
  supplier: "المورّد",
  customer: "العميل",
  trn: "رقم التسجيل الضريبي",
  company: "الشركة",
  email: "البريد الإلكتروني",
  address: "العنوان",
  columns: {
    description: "الوصف",
    unitPrice: "سعر الوحدة (شامل الضريبة)",
    quantity: "الكمية",
    discount: "الخصم",
    taxable: "المبلغ الخاضع للضريبة",
    vatRate: "نسبة الضريبة",
    vat: "مبلغ الضريبة",
    total: "الإجمالي (شامل الضريبة)",
  },
  totalDiscount: "الخصم",
  totalTaxable: "الإجمالي غير شامل ضريبة القيمة المضافة",
  totalVat: "ضريبة القيمة المضافة {rate}%",
  total: "الإجمالي شامل ضريبة القيمة المضافة (درهم)",
  totalCredited: "إجمالي المبلغ الدائن شامل الضريبة (درهم)",
  amountsNote:
    "جميع المبالغ بالدرهم الإماراتي. الأسعار تشمل ضريبة القيمة المضافة بنسبة {rate}%. تُحسب الضريبة لكل بند من المبلغ الشامل للضريبة وتُقرَّب إلى أقرب فلس.",
  issuedBy: "صدرت إلكترونياً عن {supplier}، وهي معتمدة من دون توقيع.",
  page: "صفحة {page} من {pages}",
  fileName: { invoice: "tax-invoice", credit_note: "tax-credit-note" },
};

export const invoiceText: Record<Lang, InvoiceText> = { en, ar };
