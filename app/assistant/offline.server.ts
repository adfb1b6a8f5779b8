import type { Lang } from "../i18n/lang";
import { answerFromKnowledgeBase } from "../knowledge/knowledge-base.server";

/**
 * The offline answerer, used when no API key is configured: the best matching answer from the
 * site's knowledge base (our FAQs and catalogue, shared with the chat widget), never a model. Its
 * links are written as [label](/path), which the chat shows as links to our pages.
 */
export function offlineAnswer(question: string, lang: Lang): string {
  const answer = answerFromKnowledgeBase(question, lang);
  const links = answer.links.map((link) => `[${link.label.replace(/[[\]]/g, "")}](${link.href})`).join(" · ");
  return links ? `${answer.text}\n\n${links}` : answer.text;
}
