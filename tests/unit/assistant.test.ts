import { describe, expect, it } from "vitest";
import { checkQuestion, normalizeQuestion } from "../../app/assistant/assistant.server";
import { MODEL_LIMITS } from "../../app/assistant/model.server";
import { offlineAnswer } from "../../app/assistant/offline.server";
import { buildSystemPrompt, contextMessages, CONTEXT_TURNS } from "../../app/assistant/prompt.server";
import { QUESTION_MAX_CHARS, type AssistantMessageSource } from "../../app/assistant/types";
import { assistantStrings } from "../../app/content/assistant.server";
import { consultations, planLists, PLAN_LIST_KEYS } from "../../app/catalogue";
import { formatMoney } from "../../app/i18n/format";

const site = {
  name: "Sanad Legal",
  phone: "+971 4 123 4567",
  email: "info@sanadlegal.ae",
  hours: "Sunday to Thursday",
  url: "https://sanadlegal.ae",
};

describe("assistant system prompt", () => {
  const prompt = buildSystemPrompt(site, "en");

  it("states what the assistant is and is not", () => {
    expect(prompt).toMatch(/legal information/i);
    expect(prompt).toMatch(/not legal advice/i);
    expect(prompt).toMatch(/not a law firm/i);
    expect(prompt).toMatch(/refuse tasks unrelated/i);
    expect(prompt).toMatch(/language of the visitor's last message \(Arabic or English\)/);
    expect(prompt).toContain("+971 4 123 4567");
    expect(prompt).toContain("info@sanadlegal.ae");
  });

  it("carries every plan tier's price from the catalogue, so the model quotes ours", () => {
    for (const key of PLAN_LIST_KEYS) {
      for (const tier of planLists[key].tiers) {
        expect(prompt).toContain(`${tier.name.en}: ${formatMoney(tier.price, "en")}`);
      }
    }
    for (const consultation of Object.values(consultations)) {
      expect(prompt).toContain(
        `${consultation.name.en}: ${consultation.minutes} minute sessions, the fee confirmed when booked`,
      );
    }
    expect(prompt).toContain("Comprehensive: AED 1,250");
  });

  it("tells the model which site language the visitor reads", () => {
    expect(buildSystemPrompt(site, "ar")).toContain("reading the Arabic site");
    expect(prompt).toContain("reading the English site");
  });
});

describe("assistant context", () => {
  const message = (role: "user" | "assistant", content: string, source: AssistantMessageSource) => ({
    role,
    content,
    source,
  });

  it("sends the last turns, then the question, alternating and starting with the visitor", () => {
    const history = [];
    for (let i = 1; i <= 10; i++)
      history.push(message("user", `q${i}`, "user"), message("assistant", `a${i}`, "model"));
    const turns = contextMessages(history, "now?");
    expect(turns).toHaveLength(CONTEXT_TURNS * 2 + 1);
    expect(turns[0]).toEqual({ role: "user", content: `q${10 - CONTEXT_TURNS + 1}` });
    expect(turns.at(-2)).toEqual({ role: "assistant", content: "a10" });
    expect(turns.at(-1)).toEqual({ role: "user", content: "now?" });
    turns.forEach((turn, index) => expect(turn.role).toBe(index % 2 === 0 ? "user" : "assistant"));
  });

  it("leaves out exchanges that ended in the failure reply and questions left without an answer", () => {
    const history = [
      message("user", "first", "user"),
      message("assistant", "sorry", "failure"),
      message("user", "second", "user"),
      message("assistant", "answer", "offline"),
      message("user", "unanswered", "user"),
    ];
    expect(contextMessages(history, "third")).toEqual([
      { role: "user", content: "second" },
      { role: "assistant", content: "answer" },
      { role: "user", content: "third" },
    ]);
    expect(contextMessages(history, "only", 0)).toEqual([{ role: "user", content: "only" }]);
  });
});

describe("assistant bounds", () => {
  it("accepts a question of up to 2,000 characters and refuses a longer one", () => {
    expect(QUESTION_MAX_CHARS).toBe(2000);
    expect(checkQuestion("a".repeat(2000))).toEqual({ ok: true, question: "a".repeat(2000) });
    expect(checkQuestion("a".repeat(2001))).toMatchObject({ ok: false, reason: "too-long" });
    // Characters, not UTF-16 units or bytes: 2,000 Arabic letters or emoji are fine.
    expect(checkQuestion("ح".repeat(2000)).ok).toBe(true);
    expect(checkQuestion("😀".repeat(2000)).ok).toBe(true);
  });

  it("ignores empty and whitespace-only questions and anything that is not text", () => {
    expect(checkQuestion("   \n\t ")).toMatchObject({ ok: false, reason: "empty" });
    expect(checkQuestion(null)).toMatchObject({ ok: false, reason: "empty" });
    expect(checkQuestion(new File(["x"], "x.txt"))).toMatchObject({ ok: false, reason: "empty" });
  });

  it("cleans like every visitor text: trims, keeps line breaks, drops control characters and script", () => {
    expect(normalizeQuestion("  line one\r\nline two\u0000\u0007  ")).toBe("line one\nline two");
    expect(normalizeQuestion("Is <script>alert(1)</script>this legal?")).toBe("Is this legal?");
    expect(checkQuestion("<script>x</script>")).toMatchObject({ ok: false, reason: "empty" });
  });

  it("bounds the model's output, waiting time and retries", () => {
    expect(MODEL_LIMITS.maxOutputTokens).toBeGreaterThan(0);
    expect(MODEL_LIMITS.maxOutputTokens).toBeLessThanOrEqual(2048);
    expect(MODEL_LIMITS.timeoutMs).toBeLessThanOrEqual(60_000);
    expect(MODEL_LIMITS.maxRetries).toBeGreaterThanOrEqual(1);
  });
});

describe("assistant strings", () => {
  it("has the spec's failure texts", () => {
    expect(
      assistantStrings.en.failureReply.startsWith(
        "I apologize, but I'm having trouble processing your request right now",
      ),
    ).toBe(true);
    expect(`${assistantStrings.en.errorTitle}: ${assistantStrings.en.errorDescription}`).toBe(
      "Error: Failed to get response. Please try again.",
    );
    expect(assistantStrings.en.thinking).toBe("Thinking...");
  });

  it("offers every string in Arabic, with the same placeholders", () => {
    for (const key of Object.keys(assistantStrings.en) as Array<keyof typeof assistantStrings.en>) {
      const ar = assistantStrings.ar[key];
      expect(ar.length, key).toBeGreaterThan(0);
      expect(ar.match(/\{\w+\}/g) ?? [], key).toEqual(assistantStrings.en[key].match(/\{\w+\}/g) ?? []);
    }
  });
});

describe("offline answers", () => {
  it("answer from the knowledge base in the visitor's language, with links to our pages", () => {
    const en = offlineAnswer("How much is a travel ban check?", "en");
    expect(en).toContain(formatMoney(planLists["travel-ban"].tiers[0]!.price, "en"));
    expect(en).toContain("[Travel Ban Check](/ban-checks/travel-ban-check)");
    const ar = offlineAnswer("كم تكلفة فحص حظر السفر؟", "ar");
    expect(ar).toContain("(/ar/ban-checks/travel-ban-check)");
    expect(offlineAnswer("What is the meaning of life?", "en")).toContain("(/ask-lawyer)");
  });
});
