import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formRequest } from "../support/http";
import { chatConversations, chatMessages, rateLimits } from "../../db/schema";
import { answerQuestion, ASSISTANT_RATE_LIMIT, loadAssistant } from "../../app/assistant/assistant.server";
import { deleteExpiredConversations } from "../../app/assistant/conversations.server";
import type { AssistantStreamEvent } from "../../app/assistant/types";
import { resetEnvForTests } from "../../app/env.server";
import { action as streamAction, loader as streamLoader } from "../../app/routes/api.assistant";
import { action as formAction } from "../../app/routes/($lang).assistant";
import { readToast } from "../../app/forms/toast.server";
import { startFakeAnthropic } from "../support/fake-anthropic";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const FAILURE_START = "I apologize, but I'm having trouble processing your request right now";
const ORIGIN = "http://localhost:3000";

type Args = Parameters<typeof streamAction>[0];

function context(clientAddress: string): AppLoadContext {
  return { clientAddress, cspNonce: "n", requestId: "r" };
}

/** The cookie a browser would send back after this response (name=value pairs only). */
function cookiesFrom(response: Response, previous = "") {
  const jar = new Map(previous ? previous.split("; ").map((pair) => pair.split("=", 2) as [string, string]) : []);
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const at = pair!.indexOf("=");
    jar.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
  return [...jar]
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}

async function readEvents(response: Response) {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((block) => {
      const type = /^event: (\w+)/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as AssistantStreamEvent;
      expect(data.type).toBe(type);
      return data;
    });
}

async function ask(
  question: string,
  options: { cookie?: string; address?: string; lang?: string; submissionId?: string } = {},
) {
  const fields = {
    question,
    lang: options.lang ?? "en",
    ...(options.submissionId ? { submissionId: options.submissionId } : {}),
  };
  const response = (await streamAction({
    request: formRequest(ORIGIN + "/api/assistant", fields, {
      cookie: options.cookie,
      headers: { Origin: ORIGIN },
      multipart: true,
    }),
    params: {},
    context: context(options.address ?? "203.0.113.1"),
  } as Args)) as Response;
  return response;
}

describe(`assistant on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let fake: Awaited<ReturnType<typeof startFakeAnthropic>>;
  let errors: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    process.env.SESSION_SECRET = "assistant-test-secret-0123456789abcdef";
    process.env.CONTACT_PHONE = "+971 4 555 0100";
    process.env.CONTACT_EMAIL = "office@example.com";
  });
  beforeEach(async () => {
    await t.handle.db.delete(rateLimits);
    fake.requests.length = 0;
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    errors.mockRestore();
    delete process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_BASE_URL;
    resetEnvForTests();
  });
  afterAll(async () => {
    for (const name of ["SESSION_SECRET", "CONTACT_PHONE", "CONTACT_EMAIL"]) delete process.env[name];
    resetEnvForTests();
    await fake.close();
  });

  function useModel() {
    process.env.ANTHROPIC_API_KEY = "sk-ant-test-0123456789";
    process.env.ANTHROPIC_BASE_URL = fake.baseURL;
    process.env.ANTHROPIC_MODEL = "claude-test-model";
    resetEnvForTests();
  }

  async function storedMessages(conversationId: string) {
    return t.handle.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(chatMessages.createdAt);
  }

  it("streams the model's answer in order through the real SDK, stores the exchange and shows it after a reload", async () => {
    useModel();
    fake.setMode({
      kind: "answer",
      text: "A travel ban check confirms whether a ban is registered against you. Our Basic plan costs AED 650.",
      chunkDelayMs: 2,
    });
    const response = await ask("How do I know if I have a travel ban?");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("cache-control")).toContain("no-transform");
    const cookie = cookiesFrom(response);
    expect(cookie).toContain("__assistant=");

    const events = await readEvents(response);
    const tokens = events.filter((e) => e.type === "token").map((e) => (e as { text: string }).text);
    expect(tokens.length).toBeGreaterThan(5);
    expect(tokens.join("")).toBe(
      "A travel ban check confirms whether a ban is registered against you. Our Basic plan costs AED 650.",
    );
    expect(events.at(-1)).toMatchObject({ type: "done", source: "model" });

    // What the SDK sent: our key, model, bounds, system prompt with catalogue prices, the question.
    const sent = fake.requests[0]!;
    expect(sent.headers.authorization).toBe("Bearer sk-ant-test-0123456789");
    expect(sent.body).toMatchObject({
      model: "claude-test-model",
      max_tokens: 1024,
      stream: true,
      messages: [{ role: "user", content: "How do I know if I have a travel ban?" }],
    });
    expect(sent.body.system).toContain("Comprehensive: AED 1,250");

    const page = await loadAssistant(new Request(`${ORIGIN}/ask-lawyer`, { headers: { Cookie: cookie } }), "en");
    expect(page.assistant.offline).toBe(false);
    expect(page.assistant.messages.map((m) => [m.role, m.source, m.content])).toEqual([
      ["user", "user", "How do I know if I have a travel ban?"],
      ["assistant", "model", tokens.join("")],
    ]);

    // The next question carries the earlier exchange as context.
    fake.setMode({ kind: "answer", text: "Yes, in Arabic too." });
    await readEvents(await ask("Can you answer in Arabic?", { cookie }));
    expect(fake.requests[1]!.body.messages).toEqual([
      { role: "user", content: "How do I know if I have a travel ban?" },
      { role: "assistant", content: tokens.join("") },
      { role: "user", content: "Can you answer in Arabic?" },
    ]);
  });

  it.each([
    ["a 500", { kind: "error", status: 500 } as const],
    ["a 529 (overloaded)", { kind: "error", status: 529 } as const],
  ])("ends %s in the failure reply after the SDK's retries, logging no question text", async (_name, mode) => {
    useModel();
    fake.setMode(mode);
    const started = Date.now();
    const response = await ask("My secret question about a ban");
    const events = await readEvents(response);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(fake.requests).toHaveLength(3); // the first try and two retries
    const last = events.at(-1) as Extract<AssistantStreamEvent, { type: "error" }>;
    expect(last.type).toBe("error");
    expect(last.reply.startsWith(FAILURE_START)).toBe(true);
    expect(last.reply).toContain("+971 4 555 0100");
    expect(last.reply).toContain("office@example.com");
    expect(`${last.title}: ${last.description}`).toBe("Error: Failed to get response. Please try again.");
    const logged = errors.mock.calls.flat().join(" ");
    expect(logged).toContain(`HTTP ${mode.status}`);
    expect(logged).not.toContain("secret question");
    // The exchange is kept, marked as failed, so the conversation shows what happened.
    const page = await loadAssistant(
      new Request(`${ORIGIN}/ask-lawyer`, { headers: { Cookie: cookiesFrom(response) } }),
      "en",
    );
    expect(page.assistant.messages.map((m) => m.source)).toEqual(["user", "failure"]);
  });

  it("ends a hung connection in the failure reply within the timeout", async () => {
    useModel();
    fake.setMode({ kind: "hang" });
    const [conversation] = await t.handle.db.insert(chatConversations).values({ channel: "assistant" }).returning();
    const started = Date.now();
    const result = await answerQuestion(conversation!.id, "Hello?", "ar", {
      limits: { timeoutMs: 1500, attemptTimeoutMs: 1000 },
    });
    const elapsed = Date.now() - started;
    expect(result.ok).toBe(false);
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(5000);
    expect(result.text.startsWith("أعتذر")).toBe(true);
    expect(result.text).toContain("\u2066+971 4 555 0100\u2069");
    expect((await storedMessages(conversation!.id)).map((m) => m.source)).toEqual(["user", "failure"]);
  });

  it("asks a question sent again with one key once: the retry gets the stored answer, even without the first cookie", async () => {
    useModel();
    fake.setMode({ kind: "answer", text: "Our Basic travel ban check costs AED 650.", chunkDelayMs: 1 });
    const submissionId = crypto.randomUUID();
    const first = await ask("How much is a travel ban check?", { submissionId, address: "203.0.113.77" });
    const firstEvents = await readEvents(first);
    const done = firstEvents.at(-1) as { type: "done"; id: string };
    expect(done.type).toBe("done");
    // The first answer (and its cookie) never reached the browser: the retry comes without it.
    const again = await ask("How much is a travel ban check?", { submissionId, address: "203.0.113.77" });
    const events = await readEvents(again);
    expect(
      events
        .filter((e) => e.type === "token")
        .map((e) => (e as { text: string }).text)
        .join(""),
    ).toBe("Our Basic travel ban check costs AED 650.");
    expect(events.at(-1)).toMatchObject({ type: "done", id: done.id, source: "model" });
    expect(fake.requests).toHaveLength(1);
    const conversationCookie = cookiesFrom(again);
    const [answer] = await t.handle.db
      .select({ conversationId: chatMessages.conversationId })
      .from(chatMessages)
      .where(eq(chatMessages.id, done.id));
    const stored = await storedMessages(answer!.conversationId);
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant"]);
    // The retry's cookie points at the conversation that holds the answer.
    const page = await loadAssistant(
      new Request(`${ORIGIN}/ask-lawyer`, { headers: { Cookie: conversationCookie } }),
      "en",
    );
    expect(page.assistant.messages.map((m) => m.content)).toEqual([
      "How much is a travel ban check?",
      "Our Basic travel ban check costs AED 650.",
    ]);
  });

  it("answers offline without an API key, labelled as an automatic answer", async () => {
    const response = await ask("How much does a labour ban check cost?");
    const events = await readEvents(response);
    expect(events.at(-1)).toMatchObject({ type: "done", source: "offline" });
    const text = events
      .filter((e) => e.type === "token")
      .map((e) => (e as { text: string }).text)
      .join("");
    expect(text).toContain("AED 650");
    expect(text).toContain("(/ban-checks/labor-ban-check)");
    expect(fake.requests).toHaveLength(0);
    const page = await loadAssistant(
      new Request(`${ORIGIN}/ask-lawyer`, { headers: { Cookie: cookiesFrom(response) } }),
      "en",
    );
    expect(page.assistant.offline).toBe(true);
    expect(page.assistant.messages.at(-1)).toMatchObject({ role: "assistant", source: "offline", content: text });
    expect(page.assistant.consultationHref).toBe("/ask-lawyer#inquiry");
  });

  it("refuses questions past the per-visitor rate limit, for that visitor only, storing nothing", async () => {
    let cookie = "";
    for (let i = 0; i < ASSISTANT_RATE_LIMIT.limit; i++) {
      const response = await ask(`question ${i}`, { cookie, address: "198.51.100.7" });
      expect(response.status).toBe(200);
      cookie = cookiesFrom(response, cookie);
      await response.text();
    }
    const refused = await ask("one too many", { cookie, address: "198.51.100.7" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await refused.json()) as Extract<AssistantStreamEvent, { type: "error" }>;
    expect(body.reply.startsWith(FAILURE_START)).toBe(true);
    expect(body.description).toBe("Failed to get response. Please try again.");
    const page = await loadAssistant(new Request(`${ORIGIN}/ask-lawyer`, { headers: { Cookie: cookie } }), "en");
    expect(page.assistant.messages).toHaveLength(ASSISTANT_RATE_LIMIT.limit * 2);
    expect((await ask("another visitor", { address: "198.51.100.8" })).status).toBe(200);
  });

  it("refuses empty and too long questions, bodies that are not forms and GET, without a 500", async () => {
    expect(streamLoader().status).toBe(405);
    expect((await ask("   ")).status).toBe(400);
    const tooLong = await ask("x".repeat(2001));
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { description: string }).description).toBe(
      "Please keep your question to 2,000 characters or fewer.",
    );
    const notAForm = new Request(`${ORIGIN}/api/assistant`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(
      ((await streamAction({ request: notAForm, params: {}, context: context("203.0.113.2") } as Args)) as Response)
        .status,
    ).toBe(400);
  });

  it("keeps conversations private: another visitor and a forged cookie see nothing", async () => {
    const response = await ask("private question");
    await response.text();
    const mine = cookiesFrom(response);
    const theirs = await loadAssistant(new Request(`${ORIGIN}/ask-lawyer`), "en");
    expect(theirs.assistant.messages).toEqual([]);
    // A cookie naming the conversation but not signed with our secret is ignored.
    const [conversation] = await t.handle.db.select().from(chatConversations).orderBy(chatConversations.createdAt);
    const forged = `__assistant=${Buffer.from(JSON.stringify({ conversationId: conversation!.id })).toString("base64")}`;
    expect(
      (await loadAssistant(new Request(`${ORIGIN}/ask-lawyer`, { headers: { Cookie: forged } }), "en")).assistant
        .messages,
    ).toEqual([]);
    expect(
      (await loadAssistant(new Request(`${ORIGIN}/ask-lawyer`, { headers: { Cookie: mine } }), "en")).assistant
        .messages,
    ).toHaveLength(2);
  });

  describe("without JavaScript (POST /assistant)", () => {
    type FormArgs = Parameters<typeof formAction>[0];
    async function send(
      fields: Record<string, string>,
      options: { cookie?: string; lang?: string; address?: string } = {},
    ) {
      const path = options.lang === "ar" ? "/ar/assistant" : "/assistant";
      return (await formAction({
        request: formRequest(ORIGIN + path, fields, {
          cookie: options.cookie,
          headers: { Origin: ORIGIN },
          multipart: true,
        }),
        params: options.lang ? { lang: options.lang } : {},
        context: context(options.address ?? "192.0.2.50"),
      } as FormArgs)) as Response;
    }

    it("answers, redirects back to the chat and shows the conversation", async () => {
      useModel();
      fake.setMode({ kind: "answer", text: "Company formation starts at AED 2,500." });
      const response = await send({ question: "How much is company formation?" });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/ask-lawyer#assistant");
      const page = await loadAssistant(
        new Request(`${ORIGIN}/ask-lawyer`, { headers: { Cookie: cookiesFrom(response) } }),
        "en",
      );
      expect(page.assistant.messages.map((m) => m.content)).toEqual([
        "How much is company formation?",
        "Company formation starts at AED 2,500.",
      ]);
    });

    it("in Arabic, goes back to the Arabic page", async () => {
      const response = await send({ question: "كم تكلفة فحص حظر السفر؟" }, { lang: "ar" });
      expect(response.headers.get("location")).toBe("/ar/ask-lawyer#assistant");
      const page = await loadAssistant(
        new Request(`${ORIGIN}/ar/ask-lawyer`, { headers: { Cookie: cookiesFrom(response) } }),
        "ar",
      );
      expect(page.assistant.messages.at(-1)?.source).toBe("offline");
      expect(page.assistant.strings.send).toBe("إرسال");
    });

    it("on a failure, shows the failure reply and the toast and puts the question back in the box", async () => {
      useModel();
      fake.setMode({ kind: "error", status: 500 });
      const response = await send({ question: "Please answer this" });
      expect(response.status).toBe(303);
      const cookie = cookiesFrom(response);
      const request = new Request(`${ORIGIN}/ask-lawyer`, { headers: { Cookie: cookie } });
      const { toast } = await readToast(request);
      expect(toast).toEqual({
        kind: "error",
        title: "Error",
        description: "Failed to get response. Please try again.",
      });
      const page = await loadAssistant(request, "en");
      expect(page.assistant.draft).toBe("Please answer this");
      expect(page.assistant.messages.at(-1)).toMatchObject({ source: "failure" });
      expect(page.assistant.messages.at(-1)!.content.startsWith(FAILURE_START)).toBe(true);
      // The note is shown once.
      expect(page.headers.get("set-cookie")).toContain("__assistant=");
      const again = await loadAssistant(
        new Request(`${ORIGIN}/ask-lawyer`, { headers: { Cookie: cookiesFrom(page as unknown as Response, cookie) } }),
        "en",
      );
      expect(again.assistant.draft).toBe("");
    });

    it("ignores an empty question, explains a too long one, and starts a new conversation on request", async () => {
      expect((await send({ question: "  " })).headers.get("location")).toBe("/ask-lawyer#assistant");
      const first = await send({ question: "Hello" });
      const cookie = cookiesFrom(first);
      const tooLong = await send({ question: "y".repeat(2001) }, { cookie });
      const page = await loadAssistant(
        new Request(`${ORIGIN}/ask-lawyer`, { headers: { Cookie: cookiesFrom(tooLong, cookie) } }),
        "en",
      );
      expect(page.assistant.notice).toBe("Please keep your question to 2,000 characters or fewer.");
      expect(page.assistant.messages).toHaveLength(2);
      const fresh = await send({ intent: "new" }, { cookie });
      const after = await loadAssistant(
        new Request(`${ORIGIN}/ask-lawyer`, { headers: { Cookie: cookiesFrom(fresh, cookie) } }),
        "en",
      );
      expect(after.assistant.messages).toEqual([]);
    });
  });

  it("deletes conversations 30 days after their last message", async () => {
    const now = new Date("2030-01-31T12:00:00Z");
    const [old] = await t.handle.db
      .insert(chatConversations)
      .values({ channel: "assistant", updatedAt: new Date("2029-12-31T11:00:00Z") })
      .returning();
    const [recent] = await t.handle.db
      .insert(chatConversations)
      .values({ channel: "assistant", updatedAt: new Date("2030-01-02T13:00:00Z") })
      .returning();
    await t.handle.db
      .insert(chatMessages)
      .values({ conversationId: old!.id, role: "user", content: "old", source: "user" });
    expect(await deleteExpiredConversations(now)).toBeGreaterThanOrEqual(1);
    const left = await t.handle.db.select({ id: chatConversations.id }).from(chatConversations);
    expect(left.map((row) => row.id)).toContain(recent!.id);
    expect(left.map((row) => row.id)).not.toContain(old!.id);
    expect(await storedMessages(old!.id)).toEqual([]);
  });
});
