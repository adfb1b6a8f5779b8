import { newSubmissionKey, sendForm } from "../../forms/send-form";

/**
 * Sends one queued cart change (cart-queue.ts) and reads the server's JSON answer. The change keeps
 * its submission key in its body for any retry, so the cart action applies it once. `keepalive`:
 * leaving the page does not cancel a change the visitor saw accepted.
 */
export async function sendCartChange(action: string, body: URLSearchParams): Promise<unknown> {
  if (!body.has("submissionId")) body.set("submissionId", newSubmissionKey());
  const response = await sendForm(action, {
    method: "POST",
    body,
    headers: { Accept: "application/json" },
    keepalive: true,
  });
  return response.json();
}
