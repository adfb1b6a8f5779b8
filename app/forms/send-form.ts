import { isTransportFailure, SUBMIT_TIMEOUT_MS, SubmitFailureError } from "./submission";

/**
 * fetch for forms that send themselves (the cart's queue, the assistant's stream): the same
 * timeout, and connection failures as SubmitFailureError. The timeout covers the wait for the
 * answer's headers; a stream's reader applies its own limit.
 */
export async function sendForm(url: string, init: RequestInit & { timeoutMs?: number }): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), init.timeoutMs ?? SUBMIT_TIMEOUT_MS);
  const outer = init.signal;
  outer?.addEventListener("abort", () => controller.abort(), { once: true });
  try {
    return await fetch(url, { ...init, credentials: "same-origin", signal: controller.signal });
  } catch (error) {
    if (outer?.aborted) throw error;
    if (controller.signal.aborted) throw new SubmitFailureError("timeout");
    throw isTransportFailure(error) ? new SubmitFailureError("network") : error;
  } finally {
    clearTimeout(timer);
  }
}

/** A fresh submission key (a UUID) for a form that sends several submissions per page (the chat, the cart). */
export function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; getRandomValues is not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
