import type { Request, Response } from "express";
import { requestRefusalStrings } from "../i18n/strings/request-refusals";
import { pathLang } from "./request-url.server";

export type PlainPageKind = "crossSite" | "missingToken" | "tooLarge" | "badRequest" | "unavailable" | "serverError";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
