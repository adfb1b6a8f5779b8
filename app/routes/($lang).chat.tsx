import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { chatAction, chatReturnPath, loadTranscript } from "../chat/chat-widget.server";
import { ChatPanel } from "../components/chat/chat-panel";
import { Container } from "../components/ui/section";
import { chatStrings } from "../i18n/strings/chat";
import { pageHead } from "../seo/page-head.server";
import { langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { isTransportFailure } from "../forms/submission";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// The chat widget as a page: where the floating button leads without JavaScript, and the
// transcript the widget loads when it opens.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const t = chatStrings[lang];
  const from = chatReturnPath(new URL(request.url).searchParams.get("from"));
  return {
    meta: pageHead(request, { title: t.title, description: t.welcome, noindex: true }),
    messages: await loadTranscript(request),
    from,
  };
}

/**
 * The widget reads the transcript through this loader when it opens: over a dropped connection it
 * opens empty (the messages come with the next answer) instead of the error page.
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  try {
    return await serverLoader<typeof loader>();
  } catch (error) {
    if (!isTransportFailure(error)) throw error;
    return { meta: null, messages: [], from: null };
  }
}

export function action({ request, context, params }: ActionFunctionArgs) {
  langParam(params);
  return chatAction(request, context);
}

export const clientAction = resilientClientAction();

export const headers = () => ({ "Cache-Control": "private, no-store" });
export const meta = metaFromLoader;

export default function ChatPage() {
  const { messages, from } = useLoaderData<typeof loader>();
  return (
    <Container className="max-w-2xl py-10">
      <ChatPanel initialMessages={messages} variant="page" backTo={from ?? undefined} />
    </Container>
  );
}
