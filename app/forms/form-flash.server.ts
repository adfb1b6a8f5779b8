import { deflateRawSync, inflateRawSync } from "node:zlib";
import { createCookieSessionStorage } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { getEnv } from "../env.server";
import type { FormFlash } from "./form-flash";

export type { FormFlash };

/**
 * The outcome of a form posted without JavaScript, carried across the redirect back to the page
 * the form is on (Post/Redirect/Get) in a signed, one-time cookie. The root loader reads it, so
 * any form placed on any page (the inquiry slot, the travel-ban check) shows its field errors,
 * the visitor's input and its notice after the redirect.
 */
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { form: string }>> | undefined;
function flashStorage() {
  const env = getEnv();
  storage ??= createCookieSessionStorage<Record<string, never>, { form: string }>({
    cookie: {
      name: "__form",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.isProduction,
      secrets: env.SESSION_SECRET,
    },
  });
  return storage;
}

// Browsers drop cookies over 4096 bytes: keep the kept input well inside that.
const MAX_KEPT_VALUE = 1200;
const MAX_KEPT_FIELDS = 16;
const fieldName = /^[A-Za-z][\w.-]{0,39}$/;

/** Only our form's own fields (plain names, single values), each cut to a sane length. */
function trimResult(result: SubmissionResult<string[]> | undefined): SubmissionResult<string[]> | undefined {
  if (!result) return result;
  const keep = (key: string) => key === "" || fieldName.test(key);
  const initialValue = result.initialValue
    ? Object.fromEntries(
        Object.entries(result.initialValue)
          .filter(([key, value]) => fieldName.test(key) && typeof value === "string")
          .slice(0, MAX_KEPT_FIELDS)
          .map(([key, value]) => [key, (value as string).slice(0, MAX_KEPT_VALUE)]),
      )
    : result.initialValue;
  const error = result.error
    ? Object.fromEntries(
        Object.entries(result.error)
          .filter(([key]) => keep(key))
          .slice(0, MAX_KEPT_FIELDS),
      )
    : result.error;
  return { status: result.status, initialValue, error };
}

export async function flashFormHeaders(flash: FormFlash, headers = new Headers()) {
  const session = await flashStorage().getSession();
  session.flash("form", pack({ ...flash, result: trimResult(flash.result) }));
  let cookie: string;
  try {
    cookie = await flashStorage().commitSession(session);
  } catch {
    // Still too large (long, incompressible values in many fields): keep the errors and the notice, not the input.
    const result = flash.result ? { status: flash.result.status, error: trimResult(flash.result)?.error } : undefined;
    session.flash("form", pack({ ...flash, result, data: undefined }));
    cookie = await flashStorage().commitSession(session);
  }
  headers.append("Set-Cookie", cookie);
  return headers;
}

/** The pending form outcome, if any, and the header that clears it. */
export async function readFormFlash(request: Request): Promise<{ flash: FormFlash | null; headers: Headers }> {
  const session = await flashStorage().getSession(request.headers.get("Cookie"));
  const value = unpack(session.get("form"));
  const headers = new Headers();
  if (value !== undefined) headers.append("Set-Cookie", await flashStorage().destroySession(session));
  return { flash: isFormFlash(value) ? value : null, headers };
}

// Compressed: a visitor's 1,000-character Arabic message then fits in one cookie with the rest.
const pack = (flash: FormFlash) => deflateRawSync(JSON.stringify(flash)).toString("base64");
function unpack(value: unknown): unknown {
  if (typeof value !== "string") return undefined;
  try {
    return JSON.parse(inflateRawSync(Buffer.from(value, "base64")).toString("utf8"));
  } catch {
    return undefined;
  }
}

function isFormFlash(value: unknown): value is FormFlash {
  return typeof value === "object" && value !== null && typeof (value as FormFlash).formId === "string";
}
