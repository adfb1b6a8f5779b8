import { describe, expect, it } from "vitest";
import {
  KNOWLEDGE_ENTRY_IDS,
  answerFromKnowledgeBase,
  knowledgeEntry,
  normaliseForMatching,
} from "../../app/knowledge/knowledge-base.server";

describe("knowledge base", () => {
  it.each([
    ["How do I check if I have a travel ban?", "travel-ban-check"],
    ["can I leave the country, am I banned from travel", "travel-ban-check"],
    ["How can I lift a travel ban?", "travel-ban-appeal"],
    ["How much does a background check cost?", "background-check"],
    ["I think I have a labour ban from MOHRE", "labor-ban"],
    ["Is there a police case against me?", "court-police-case"],
    ["Please review my employment contract", "contract-review"],
    ["I want to set up a company in a free zone", "company-formation"],
    ["Do you do degree attestation?", "document-authentication"],
    ["Can I speak to a legal expert?", "legal-consultation"],
    ["Are you a law firm?", "law-firm"],
    ["What are your office hours?", "contact"],
    ["Is my personal data kept confidential?", "privacy"],
  ])("answers %j from entry %s", (question, id) => {
    expect(answerFromKnowledgeBase(question, "en").entryId).toBe(id);
  });

  it.each([
    ["كيف أتحقق من وجود حظر سفر؟", "travel-ban-check"],
    ["أريد رفع الحظر عني", "travel-ban-appeal"],
    ["كم سعر التحقق من الخلفية؟", "background-check"],
    ["أريد تأسيس شركة في منطقة حرة", "company-formation"],
    ["هل يمكنني التحدث مع محامي؟", "legal-consultation"],
  ])("answers the Arabic question %j from entry %s", (question, id) => {
    const answer = answerFromKnowledgeBase(question, "ar");
    expect(answer.entryId).toBe(id);
    expect(answer.text).toMatch(/[\u0600-\u06ff]/);
    for (const l of answer.links) expect(l.href).toMatch(/^\/ar\//);
  });

  it("gives prices from the catalogue, not typed again", () => {
    const answer = answerFromKnowledgeBase("How much is a travel ban check?", "en");
    expect(answer.text).toContain("AED 200");
    expect(answer.text).toContain("AED 650");
    expect(answer.links).toEqual([
      { label: "Travel Ban Check", href: "/ban-checks/travel-ban-check" },
      { label: "Start a quick check", href: "/request-check" },
    ]);
    expect(answerFromKnowledgeBase("contract review price", "en").text).toContain("AED 1,200");
  });

  it("falls back to a helpful answer with links when nothing matches", () => {
    for (const question of ["", "   ", "qwerty zxcv", "🙂", "the weather"]) {
      const answer = answerFromKnowledgeBase(question, "en");
      expect(answer.entryId).toBeNull();
      expect(answer.text).toMatch(/legal team will reply within 24 hours/);
      expect(answer.links.map((l) => l.href)).toEqual(["/ask-lawyer", "/contact"]);
    }
    expect(answerFromKnowledgeBase("؟؟", "ar").links.map((l) => l.href)).toEqual(["/ar/ask-lawyer", "/ar/contact"]);
  });

  it("never throws on odd input", () => {
    for (const question of ["x".repeat(100_000), "\u0000\u202e", "<script>alert(1)</script>", String(null)]) {
      expect(() => answerFromKnowledgeBase(question, "en")).not.toThrow();
    }
  });

  it("has an answer in both languages for every entry", () => {
    for (const id of KNOWLEDGE_ENTRY_IDS) {
      expect(knowledgeEntry(id, "en")?.text.length).toBeGreaterThan(40);
      expect(knowledgeEntry(id, "ar")?.text).toMatch(/[\u0600-\u06ff]/);
    }
    expect(knowledgeEntry("nope", "en")).toBeUndefined();
  });

  it("normalises Arabic spelling variants", () => {
    expect(normaliseForMatching("إلغاءُ الحظرِ")).toBe(normaliseForMatching("الغاء الحظر"));
  });
});
