import { useLoaderData } from "@remix-run/react";
import { createContext, useContext, type ComponentType } from "react";
import type { AssistantView } from "../../assistant/types";

type ChatComponent = ComponentType<{ view: AssistantView }>;

/**
 * The chat component, provided by the page that shows the assistant (/ask-lawyer). Page sections
 * are shared by every content page: going through a context keeps the chat's code in that page's
 * bundle only.
 */
export const AssistantChatContext = createContext<ChatComponent | null>(null);

/**
 * The slot of the `assistant` page section: the chat, with the conversation from the page's
 * loader (`assistant`, from loadAssistant in app/assistant/assistant.server.ts).
 */
export function AssistantSection() {
  const Chat = useContext(AssistantChatContext);
  const data = useLoaderData() as { assistant?: AssistantView } | null;
  if (!Chat || !data?.assistant) return null;
  return <Chat view={data.assistant} />;
}
