import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formRequest } from "../support/http";
import { chatConversations, chatMessages } from "../../db/schema";
import { chatAction, loadTranscript, type ChatAnswer } from "../../app/chat/chat-widget.server";
import { resetEnvForTests } from "../../app/env.server";
import { RETENTION_JOBS } from "../../app/privacy/retention-jobs.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const SITE = "http://localhost:3000";
const client = { clientAddress: "203.0.113.80" };
const answerOf = (a: Awaited<ReturnType<typeof chatAction>>) => {
  const value = a as unknown as { data: ChatAnswer; init: ResponseInit | null };
  return {
    status: value.init?.status ?? 200,
    data: value.data,
    cookie: new Headers(value.init?.headers).get("Set-Cookie")?.split(";")[0] ?? "",
  };
};

describe(`chat widget and retention on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  beforeAll(async () => {
    process.env.SESSION_SECRET = "c".repeat(32);
    process.env.CHAT_RATE_LIMIT = "1000";
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.CHAT_RATE_LIMIT;
    resetEnvForTests();
  });

  it("answers each quick question from the knowledge base, with links, in both languages", async () => {
    const { chatStrings } = await import("../../app/i18n/strings/chat");
    const expected = ["travel-ban-check", "background-check", "travel-ban-appeal", "legal-consultation"];
    const { answerFromKnowledgeBase } = await import("../../app/knowledge/knowledge-base.server");
    for (const lang of ["en", "ar"] as const) {
      expect(chatStrings[lang].quick.map((q) => answerFromKnowledgeBase(q, lang).entryId)).toEqual(expected);
    }
    const { data, cookie } = answerOf(
      await chatAction(formRequest(`${SITE}/chat`, { mode: "fetch", message: chatStrings.en.quick[0]! }), client),
    );
    expect(data.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(data.messages[1]!.text).toContain("seven emirates");
    expect(data.messages[1]!.links[0]).toEqual({ label: "Travel Ban Check", href: "/ban-checks/travel-ban-check" });
    // The transcript is kept server-side under the visitor's signed cookie.
    const transcript = await loadTranscript(new Request(`${SITE}/chat`, { headers: { Cookie: cookie } }));
    expect(transcript.map((m) => m.text)).toEqual([chatStrings.en.quick[0], data.messages[1]!.text]);
    expect(transcript[1]!.links).toHaveLength(2);
  });

  it("ignores empty and blank messages, and without JavaScript redirects back to /chat", async () => {
    const before = await t.handle.db.select().from(chatMessages);
    for (const message of ["", "   ", "\n\t"]) {
      const response = (await chatAction(formRequest(`${SITE}/ar/chat`, { message }), client)) as Response;
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/ar/chat#chat-input-page");
    }
    expect(await t.handle.db.select().from(chatMessages)).toHaveLength(before.length);
  });

  it("stores a message sent again with one key once (a retry after the answer was lost)", async () => {
    const submissionId = crypto.randomUUID();
    const first = answerOf(
      await chatAction(
        formRequest(`${SITE}/chat`, { mode: "fetch", message: "How much is a contract review?", submissionId }),
        client,
      ),
    );
    // The first answer's cookie never arrived: the retry has none.
    const again = answerOf(
      await chatAction(
        formRequest(`${SITE}/chat`, { mode: "fetch", message: "How much is a contract review?", submissionId }),
        client,
      ),
    );
    expect(again.data.messages.map((m) => m.id)).toEqual(first.data.messages.map((m) => m.id));
    const [{ count }] = (await t.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.content, "How much is a contract review?"))) as [{ count: number }];
    expect(count).toBe(1);
    // And its cookie names the conversation that holds them.
    const transcript = await loadTranscript(new Request(`${SITE}/chat`, { headers: { Cookie: again.cookie } }));
    expect(transcript.map((m) => m.id)).toEqual(first.data.messages.map((m) => m.id));
  });

  it("cleans what is stored and refuses over-long messages", async () => {
    const { data } = answerOf(
      await chatAction(
        formRequest(`${SITE}/chat`, { mode: "fetch", message: "<script>x</script>How much is a contract review?" }),
        client,
      ),
    );
    expect(data.messages[0]!.text).toBe("How much is a contract review?");
    const long = answerOf(
      await chatAction(formRequest(`${SITE}/chat`, { mode: "fetch", message: "a".repeat(501) }), client),
    );
    expect(long.status).toBe(400);
    expect(long.data.error).toMatch(/under 500 characters/);
  });

  it("deletes widget chats 30 days after their last message", async () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const [old] = await t.handle.db
      .insert(chatConversations)
      .values({ channel: "widget", updatedAt: new Date("2026-10-20T00:00:00Z") })
      .returning();
    const [recent] = await t.handle.db
      .insert(chatConversations)
      .values({ channel: "widget", updatedAt: new Date("2026-11-01T00:00:00Z") })
      .returning();
    const [assistant] = await t.handle.db
      .insert(chatConversations)
      .values({ channel: "assistant", updatedAt: new Date("2026-01-01T00:00:00Z") })
      .returning();
    await t.handle.db
      .insert(chatMessages)
      .values({ conversationId: old!.id, role: "user", content: "hi", source: "user" });
    expect(await RETENTION_JOBS["chat-widget"](now)).toBeGreaterThanOrEqual(1);
    const left = (await t.handle.db.select({ id: chatConversations.id }).from(chatConversations)).map((r) => r.id);
    expect(left).not.toContain(old!.id);
    expect(left).toContain(recent!.id);
    expect(left).toContain(assistant!.id);
    expect(await t.handle.db.select().from(chatMessages).where(eq(chatMessages.conversationId, old!.id))).toHaveLength(
      0,
    );
  });
});
