import Anthropic from "@anthropic-ai/sdk";
import { getEnv } from "../env.server";
import type { ModelTurn } from "./prompt.server";

/** Bounds of one model answer: cost (output tokens) and waiting time. */
export const MODEL_LIMITS = {
  maxOutputTokens: 1024,
  /** The whole answer, retries included, must arrive within this (ANTHROPIC_TIMEOUT_MS). */
  timeoutMs: 45_000,
  /** One HTTP attempt waits at most this for the API's response headers before the SDK retries. */
  attemptTimeoutMs: 15_000,
  /** The SDK retries 408, 409, 429 and 5xx (529 overloaded too) with backoff. */
  maxRetries: 2,
};

export type ModelConfig = {
  apiKey: string;
  model: string;
  baseURL?: string | undefined;
  timeoutMs?: number | undefined;
};

/** The configured model, or undefined when no API key is set (the offline answerer is used). */
export function modelConfig(): ModelConfig | undefined {
  const env = getEnv();
  if (!env.ANTHROPIC_API_KEY) return undefined;
  return {
    apiKey: env.ANTHROPIC_API_KEY,
    model: env.ANTHROPIC_MODEL,
    baseURL: env.ANTHROPIC_BASE_URL,
    timeoutMs: env.ANTHROPIC_TIMEOUT_MS,
  };
}

const clients = new Map<string, Anthropic>();
function clientFor(config: ModelConfig, limits: typeof MODEL_LIMITS) {
  const key = `${config.baseURL ?? ""}|${config.apiKey}|${limits.attemptTimeoutMs}|${limits.maxRetries}`;
  let client = clients.get(key);
  if (!client) {
    client = new Anthropic({
      apiKey: config.apiKey,
      baseURL: config.baseURL ?? null,
      timeout: limits.attemptTimeoutMs,
      maxRetries: limits.maxRetries,
    });
    clients.set(key, client);
  }
  return client;
}

/** Why a model answer failed, for the log (never with the visitor's text). */
export class ModelAnswerError extends Error {
  override name = "ModelAnswerError";
  constructor(
    readonly reason: "timeout" | "api-error" | "connection" | "empty",
    readonly status?: number,
    readonly requestId?: string | null,
  ) {
    super(
      `model answer failed: ${reason}${status ? ` (HTTP ${status})` : ""}${requestId ? ` request-id=${requestId}` : ""}`,
    );
  }
}

/**
 * Streams an answer from the Anthropic Messages API, calling `onText` with each piece as it
 * arrives, and resolves with the whole text. Rejects with ModelAnswerError on API errors (after the
 * SDK's retries), on the timeout, or when the model returned no text.
 */
export async function streamModelAnswer(input: {
  config: ModelConfig;
  system: string;
  messages: ModelTurn[];
  onText?: ((text: string) => void) | undefined;
  limits?: Partial<typeof MODEL_LIMITS> | undefined;
}): Promise<string> {
  const limits = {
    ...MODEL_LIMITS,
    ...(input.config.timeoutMs ? { timeoutMs: input.config.timeoutMs } : {}),
    ...input.limits,
  };
  limits.attemptTimeoutMs = Math.min(limits.attemptTimeoutMs, limits.timeoutMs);
  const client = clientFor(input.config, limits);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limits.timeoutMs);
  try {
    const stream = client.messages.stream(
      { model: input.config.model, max_tokens: limits.maxOutputTokens, system: input.system, messages: input.messages },
      { signal: controller.signal },
    );
    if (input.onText) stream.on("text", input.onText);
    const message = await stream.finalMessage();
    const text = message.content
      .map((block) => (block.type === "text" ? block.text : ""))
      .join("")
      .trim();
    if (!text) throw new ModelAnswerError("empty", undefined, stream.request_id);
    return text;
  } catch (error) {
    if (error instanceof ModelAnswerError) throw error;
    if (timedOut) throw new ModelAnswerError("timeout");
    if (error instanceof Anthropic.APIConnectionError)
      throw new ModelAnswerError(error instanceof Anthropic.APIConnectionTimeoutError ? "timeout" : "connection");
    if (error instanceof Anthropic.APIError) throw new ModelAnswerError("api-error", error.status, error.requestID);
    throw new ModelAnswerError("connection");
  } finally {
    clearTimeout(timer);
  }
}
