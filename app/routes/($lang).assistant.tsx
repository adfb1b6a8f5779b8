import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  answerQuestion,
  assistantPageUrl,
  flashForPage,
  forgetConversation,
  prepareQuestion,
} from "../assistant/assistant.server";
import { assistantStrings } from "../content/assistant.server";
import { langParam, readForm } from "../http/http.server";
import { redirectWithToast } from "../forms/toast.server";

/**
 * POST /assistant (and /ar/assistant): the chat without JavaScript. The server gets the whole
 * answer, stores it, and sends the visitor back to the chat on /ask-lawyer (Post/Redirect/Get).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = langParam(params);
  const back = assistantPageUrl(lang);
  const strings = assistantStrings[lang];
  const failureToast = { kind: "error", title: strings.errorTitle, description: strings.errorDescription } as const;
  const form = await readForm(request);
  if (!form) return redirect(back, 303);
  if (form.get("intent") === "new") return redirect(back, { status: 303, headers: await forgetConversation(request) });

  const prepared = await prepareQuestion(request, form, { clientAddress: context.clientAddress, lang });
  if (!prepared.ok) {
    // An empty question is ignored, as with JavaScript.
    if (prepared.reason === "empty") return redirect(back, 303);
    if (prepared.reason === "too-long")
      return redirect(back, {
        status: 303,
        headers: await flashForPage(request, { draft: prepared.question, notice: strings.tooLong }),
      });
    return redirectWithToast(back, failureToast, {
      status: 303,
      headers: await flashForPage(request, { draft: prepared.question, failed: true }),
    });
  }
  const result = await answerQuestion(prepared.conversationId, prepared.question, lang, {
    newConversation: prepared.newConversation,
  });
  if (result.ok) return redirect(back, { status: 303, headers: prepared.headers });
  // The failure reply is stored in the conversation; the question goes back into the box to send again.
  return redirectWithToast(back, failureToast, {
    status: 303,
    headers: await flashForPage(prepared.visitor, { draft: prepared.question }),
  });
}

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(assistantPageUrl(langParam(params)));
}
