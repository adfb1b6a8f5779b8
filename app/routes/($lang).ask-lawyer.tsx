import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { loadAssistant } from "../assistant/assistant.server";
import { AssistantChat } from "../components/assistant/assistant-chat";
import { AssistantChatContext } from "../components/assistant/assistant-section";
import { ContentPage } from "../components/page/content-page";
import { askLawyerContent } from "../content/ask-lawyer.server";
import { loadPage } from "../content/page.server";
import { metaFromLoader } from "../seo/meta";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = loadPage(askLawyerContent, { params, request });
  const { assistant, headers } = await loadAssistant(request, page.lang);
  return data({ ...page, assistant }, { headers });
}

export const meta = metaFromLoader;

// The chat reaches the page's `assistant` section through a context, so only this page's bundle carries it.
export default function AskLawyerPage() {
  return (
    <AssistantChatContext.Provider value={AssistantChat}>
      <ContentPage />
    </AssistantChatContext.Provider>
  );
}
