import type { ActionFunctionArgs } from "@remix-run/node";
import {
  answerQuestion,
  failureReply,
  prepareQuestion,
  rememberConversation,
  type AnswerResult,
} from "../assistant/assistant.server";
import { readForm } from "../http/http.server";
import { awaitSubmission, claimSubmission, completeSubmission, submissionKeyOf } from "../forms/submission-keys.server";
import type { AssistantStreamEvent } from "../assistant/types";
import { assistantStrings } from "../content/assistant.server";

/**
 * POST /api/assistant: the chat's streaming endpoint (used with JavaScript). Takes the form fields
 * `question` and `lang`; answers with server-sent events: `token` pieces as the answer arrives,
 * then `done` or `error` (the failure reply). Refusals before the answer starts (an empty or too
 * long question, the rate limit) are JSON with a 4xx status.
 *
 * A question carries a submission key: sent again (a retry after the stream was cut), it is not
 * asked or stored twice; the answer the first request stored is sent instead.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const form = await readForm(request);
  if (!form) return refusal(400, "en", "bad-request");
  const prepared = await prepareQuestion(request, form, { clientAddress: context.clientAddress });
  if (!prepared.ok) {
    const status = prepared.reason === "rate-limited" ? 429 : 400;
    const headers: Record<string, string> = prepared.retryAfterSeconds
      ? { "Retry-After": String(prepared.retryAfterSeconds) }
      : {};
    return refusal(status, prepared.lang, prepared.reason, headers);
  }

  const key = submissionKeyOf(form, "assistant");
  if (key && !(await claimSubmission(key, { conversationId: prepared.conversationId } satisfies AnsweredQuestion))) {
    return replayAnswer(key, prepared);
  }

  const encoder = new TextEncoder();
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: AssistantStreamEvent) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
        } catch {
          open = false;
        }
      };
      // Not awaited: pieces must flow while the answer is being made. If the visitor leaves, the
      // answer is still finished and stored, so it shows when they come back.
      void answerQuestion(prepared.conversationId, prepared.question, prepared.lang, {
        newConversation: prepared.newConversation,
        onText: (text) => send({ type: "token", text }),
      })
        .then((result) => {
          if (key)
            void completeSubmission(key, {
              conversationId: prepared.conversationId,
              answer: result,
            } satisfies AnsweredQuestion).catch(() => undefined);
          const strings = assistantStrings[prepared.lang];
          send(
            result.ok
              ? { type: "done", source: result.source, id: result.messageId }
              : { type: "error", reply: result.text, title: strings.errorTitle, description: strings.errorDescription },
          );
        })
        .catch((error: unknown) => {
          console.error(`assistant stream failed: ${error instanceof Error ? error.name : "unknown error"}`);
          if (key)
            void completeSubmission(key, {
              conversationId: prepared.conversationId,
              answer: { ok: false, text: failureReply(prepared.lang), messageId: "", reason: "stream failed" },
            } satisfies AnsweredQuestion).catch(() => undefined);
          const strings = assistantStrings[prepared.lang];
          send({
            type: "error",
            reply: failureReply(prepared.lang),
            title: strings.errorTitle,
            description: strings.errorDescription,
          });
        })
        .finally(() => {
          if (!open) return;
          open = false;
          try {
            controller.close();
          } catch {
            // already closed by the reader
          }
        });
    },
    cancel() {
      open = false;
    },
  });

  const headers = new Headers(prepared.headers);
  headers.set("Content-Type", "text/event-stream; charset=utf-8");
  // no-transform keeps the compression middleware from buffering the stream; proxies must not buffer it either.
  headers.set("Cache-Control", "no-cache, no-transform");
  headers.set("X-Accel-Buffering", "no");
  return new Response(body, { status: 200, headers });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

function refusal(
  status: number,
  lang: "en" | "ar",
  reason: "empty" | "too-long" | "rate-limited" | "bad-request",
  headers: Record<string, string> = {},
) {
  const strings = assistantStrings[lang];
  const event: AssistantStreamEvent & { reason: string } =
    reason === "too-long"
      ? { type: "error", reason, reply: "", title: strings.errorTitle, description: strings.tooLong }
      : {
          type: "error",
          reason,
          reply: failureReply(lang),
          title: strings.errorTitle,
          description: strings.errorDescription,
        };
  return Response.json(event, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

type AnsweredQuestion = { conversationId: string; answer?: AnswerResult };
/** How long a retried question waits for the first request's answer. */
const REPLAY_WAIT_MS = 30_000;

/** The answer of a question asked before with the same key, as the stream would have sent it. */
async function replayAnswer(
  key: string,
  prepared: Extract<Awaited<ReturnType<typeof prepareQuestion>>, { ok: true }>,
): Promise<Response> {
  const first = await awaitSubmission<AnsweredQuestion>(key, (recorded) => Boolean(recorded?.answer), REPLAY_WAIT_MS);
  const strings = assistantStrings[prepared.lang];
  if (!first?.answer) return refusal(503, prepared.lang, "bad-request");
  const answer = first.answer;
  const events: AssistantStreamEvent[] = answer.ok
    ? [
        { type: "token", text: answer.text },
        { type: "done", source: answer.source, id: answer.messageId },
      ]
    : [{ type: "error", reply: answer.text, title: strings.errorTitle, description: strings.errorDescription }];
  const headers = await rememberConversation(prepared.visitor, first.conversationId);
  headers.set("Content-Type", "text/event-stream; charset=utf-8");
  headers.set("Cache-Control", "no-cache, no-transform");
  return new Response(events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(""), {
    status: 200,
    headers,
  });
}
