import type { Request, Response } from "express";
import { requestRefusalStrings } from "../i18n/strings/request-refusals";
import { pathLang } from "./request-url.server";

export type PlainPageKind = "crossSite" | "missingToken" | "tooLarge" | "badRequest" | "unavailable" | "serverError";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** A small self-contained page (no scripts, no styles to fetch) in the language of the path. */
export function plainPage(kind: PlainPageKind, lang: "en" | "ar", requestId = "") {
  const strings = requestRefusalStrings[lang];
  const { title, text } = strings[kind];
  const home = lang === "ar" ? "/ar" : "/";
  return `<!doctype html><html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#0f1f3d"><h1>${escape(title)}</h1><p>${escape(text.replace("{id}", requestId))}</p><p><a href="${home}">${escape(strings.backHome)}</a></p></body></html>`;
}

/**
 * Answers with a plain page: HTML for browsers, one line of text for other clients. The answer is
 * never stored by caches.
 */
export function sendPlainPage(req: Request, res: Response, status: number, kind: PlainPageKind) {
  const lang = pathLang(req.path);
  res.status(status).setHeader("Cache-Control", "no-store");
  const requestId = String(res.locals.requestId ?? "");
  if (req.accepts(["html", "text"]) === "html") res.type("html").send(plainPage(kind, lang, requestId));
  else res.type("text").send(`${requestRefusalStrings[lang][kind].title}\n`);
}

/**
 * The page that asks a browser which named no origin to confirm an anonymous form (decision 091):
 * the fields as hidden inputs, the form token first, one button. No script, no style to fetch.
 */
export function confirmationPage(lang: "en" | "ar", action: string, fields: Array<[string, string]>) {
  const strings = requestRefusalStrings[lang];
  const { title, text, button } = strings.confirmForm;
  const home = lang === "ar" ? "/ar" : "/";
  const inputs = fields
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join("");
  return `<!doctype html><html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#0f1f3d"><h1>${escape(title)}</h1><p>${escape(text)}</p><form method="post" action="${escape(action)}">${inputs}<button type="submit">${escape(button)}</button></form><p><a href="${home}">${escape(strings.backHome)}</a></p></body></html>`;
}
