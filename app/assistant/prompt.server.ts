import { consultations, planLists, PLAN_LIST_KEYS, services } from "../catalogue";
import { formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import type { AssistantMessageView } from "./types";

/** How many earlier exchanges (question + answer) go to the model as context. */
export const CONTEXT_TURNS = 4;

export type PromptSite = { name: string; phone: string; email: string; hours: string; url: string };

/**
 * The system prompt: who the assistant is, what it must not do, and the services and prices it may
 * quote, written from the catalogue (the single source of prices) so the model never invents one.
 */
export function buildSystemPrompt(site: PromptSite, lang: Lang): string {
  const lines: string[] = [
    `You are the legal information assistant on the website of ${site.name}, a legal consultancy serving individuals and businesses in the United Arab Emirates and the GCC.`,
    "",
    "Rules:",
    "- Give general legal information about UAE and GCC law and procedures (travel bans, labour and employment, immigration and visas, contracts, company formation, real estate, background checks). It is information, not legal advice: say so when a question depends on the facts of the visitor's own case.",
    `- ${site.name} is a legal consultancy, not a law firm. Never claim to be a lawyer or a law firm, never promise an outcome, and never say that you have checked any official record.`,
    "- Ground what you say about our services, prices and delivery times only in the catalogue below. Quote prices exactly as written there (AED). If something is not in the catalogue, say you do not know and suggest a consultation.",
    "- When it helps, suggest the matching service from the catalogue (with its page) or a consultation with our legal team.",
    "- Politely refuse tasks unrelated to legal matters in the UAE and GCC or to our services (for example writing code, homework or general chat), in one or two sentences.",
    "- Do not ask for ID numbers, passport numbers or other personal data; if the visitor shares them, do not repeat them.",
    `- Answer in the language of the visitor's last message (Arabic or English). The visitor is reading the ${lang === "ar" ? "Arabic" : "English"} site.`,
    "- Be concise: a short answer of a few paragraphs or a short list, in plain text without headings or tables.",
    "",
    `Contact: phone ${site.phone}, e-mail ${site.email}, hours ${site.hours}. Website ${site.url}.`,
    "",
    "Catalogue (services, plans and prices):",
  ];
  for (const key of PLAN_LIST_KEYS) {
    const list = planLists[key];
    const service = services[list.service];
    lines.push(`* ${list.title.en} (service: ${service.name.en}; page ${service.path})`);
    for (const tier of list.tiers) {
      lines.push(
        `  - ${tier.name.en}: ${formatMoney(tier.price, "en")}, delivery ${tier.delivery.en}. ${tier.description.en}`,
      );
    }
  }
  lines.push(
    "* Legal consultations with our legal team (bought on /services/legal-consultation as one session of the longest length shown; the session is arranged from the order page after payment):",
  );
  for (const consultation of Object.values(consultations)) {
    lines.push(
      `  - ${consultation.name.en}: ${consultation.minutes} minute sessions, the fee confirmed when booked (no price is published)`,
    );
  }
  return lines.join("\n");
}

export type ModelTurn = { role: "user" | "assistant"; content: string };

/**
 * The context sent with a new question: the last `turns` answered exchanges of the conversation
 * (exchanges that ended in the failure reply are left out), then the question. The Messages API
 * wants user and assistant turns alternating, starting with the user.
 */
export function contextMessages(
  history: Pick<AssistantMessageView, "role" | "content" | "source">[],
  question: string,
  turns = CONTEXT_TURNS,
): ModelTurn[] {
  const pairs: ModelTurn[][] = [];
  for (let i = 0; i < history.length; i++) {
    const message = history[i]!;
    const next = history[i + 1];
    if (message.role !== "user" || !next || next.role !== "assistant") continue;
    if (next.source === "failure") continue;
    pairs.push([
      { role: "user", content: message.content },
      { role: "assistant", content: next.content },
    ]);
    i++;
  }
  return [...(turns > 0 ? pairs.slice(-turns) : []).flat(), { role: "user", content: question }];
}
