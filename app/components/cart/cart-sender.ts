import { newSubmissionKey, sendForm } from "../../forms/send-form";

/**
 * Sends one queued cart change (cart-queue.ts) and reads the server's JSON answer. The change gets
 * its submission key on its first attempt and keeps it in its body for any retry, so the cart
 * action applies it once. Loaded with the first change, not with the page.
 */
export async function sendCartChange(action: string, body: URLSearchParams): Promise<unknown> {
  if (!body.has("submissionId")) body.set("submissionId", newSubmissionKey());
  const response = await sendForm(action, { method: "POST", body, headers: { Accept: "application/json" } });
  return response.json();
}
