import { getEnv, siteName } from "../env.server";
import type { Lang } from "../i18n/lang";

export type EmailContent = {
  subject: string;
  /** Greeting line, e.g. "Dear Aisha,". */
  greeting?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Key/value lines, e.g. an order summary. */
  details?: Array<[string, string]>;
};

const footer: Record<Lang, (site: string, phone: string, email: string) => string> = {
  en: (site, phone, email) =>
    `${site} · ${phone} · ${email}\n${site} is not a law firm and does not give legal or tax advice.`,
  ar: (site, phone, email) =>
    `${site} · ${phone} · ${email}\n${site} ليست مكتب محاماة ولا تقدّم استشارات قانونية أو ضريبية.`,
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Renders an e-mail as plain text and simple HTML, with the brand, phone and e-mail from configuration. */
export function renderEmail(content: EmailContent, lang: Lang = "en"): { subject: string; text: string; html: string } {
  const env = getEnv();
  const foot = footer[lang](siteName(lang, env), env.CONTACT_PHONE, env.CONTACT_EMAIL);
  const text = [
    content.greeting,
    ...content.paragraphs,
    content.details?.map(([key, value]) => `${key}: ${value}`).join("\n"),
    content.action ? `${content.action.label}: ${content.action.url}` : undefined,
    `--\n${foot}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const dir = lang === "ar" ? "rtl" : "ltr";
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="margin:0;padding:24px;background:#f1f4f9;font-family:system-ui,Segoe UI,Tahoma,Arial,sans-serif;color:#1e293b">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="margin:0 0 20px;font-weight:700;font-size:18px;color:#0f1f3d">${escapeHtml(siteName(lang, env))}</p>
${content.greeting ? `<p>${escapeHtml(content.greeting)}</p>` : ""}
${content.paragraphs.map((p) => `<p style="line-height:1.6">${escapeHtml(p)}</p>`).join("\n")}
${content.details?.length ? `<table style="border-collapse:collapse;margin:16px 0">${content.details.map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#475569">${escapeHtml(k)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(v)}</td></tr>`).join("")}</table>` : ""}
${content.action ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#fbbf24;color:#091429;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:700">${escapeHtml(content.action.label)}</a></p>` : ""}
<p style="margin-top:28px;font-size:12px;color:#64748b;white-space:pre-line">${escapeHtml(foot)}</p>
</div></body></html>`;
  return { subject: content.subject, text, html };
}
