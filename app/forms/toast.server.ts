import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { getEnv } from "../env.server";
import type { Toast } from "./toast";

export type { Toast };

// A one-time notice carried across a redirect (works without JavaScript), read by the root loader.
type ToastFlash = { toast: Toast };
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, ToastFlash>> | undefined;
function toastStorage() {
  const env = getEnv();
  storage ??= createCookieSessionStorage<Record<string, never>, ToastFlash>({
    cookie: {
      name: "__toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.isProduction,
      secrets: env.SESSION_SECRET,
    },
  });
  return storage;
}

export async function toastHeaders(toast: Toast, headers = new Headers()) {
  const session = await toastStorage().getSession();
  session.flash("toast", toast);
  headers.append("Set-Cookie", await toastStorage().commitSession(session));
  return headers;
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = await toastHeaders(toast, new Headers(init.headers));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const value: unknown = session.get("toast");
  const headers = new Headers();
  if (value !== undefined) headers.append("Set-Cookie", await toastStorage().destroySession(session));
  return { toast: isToast(value) ? value : null, headers };
}

function isToast(value: unknown): value is Toast {
  return typeof value === "object" && value !== null && typeof (value as Toast).title === "string";
}
