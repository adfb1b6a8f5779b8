// Time to first token of the ask-a-lawyer assistant: POST /api/assistant on the production server,
// with the real Anthropic SDK pointed at the local fake Messages API (tests/support), until the
// first `token` event arrives; against the same fake called straight from the SDK. The difference
// is our overhead (form parsing, rate limit, conversation rows, prompt, SSE). Budget: p50 < 50 ms.
import os from "node:os";
import Anthropic from "@anthropic-ai/sdk";
import { tsImport } from "tsx/esm/api";
import { startBenchServer, writeResult } from "./lib/server.js";

const RUNS = Number(process.env.BENCH_ASSISTANT_RUNS ?? 60);
const WARMUP = 5;
const BUDGET_OVERHEAD_P50_MS = 50;
const ANSWER =
  "A travel ban check tells you whether a ban is registered against you in any of the seven emirates. Our Basic plan costs AED 650.";

const { startFakeAnthropic } = await tsImport("../tests/support/fake-anthropic.ts", import.meta.url);
const fake = await startFakeAnthropic({ kind: "answer", text: ANSWER, chunkDelayMs: 2 });
// One proxy hop trusted, so each request can come from its own visitor address (the per-visitor rate limit stays on).
const server = await startBenchServer({
  ANTHROPIC_API_KEY: "sk-ant-bench-0123456789",
  ANTHROPIC_BASE_URL: fake.baseURL,
  ANTHROPIC_MODEL: "claude-bench",
  TRUST_PROXY: "1",
});

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
};

async function throughServer(i) {
  const body = new FormData();
  body.set("question", `How do I check for a travel ban? (${i})`);
  body.set("lang", "en");
  const started = performance.now();
  const response = await fetch(`${server.url}/api/assistant`, {
    method: "POST",
    body,
    headers: {
      Origin: server.url,
      "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      "Accept-Encoding": "gzip",
    },
  });
  if (!response.ok) throw new Error(`POST /api/assistant answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let firstToken;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (firstToken === undefined && text.includes("event: token")) firstToken = performance.now() - started;
  }
  if (!text.includes("event: done")) throw new Error("the answer stream did not end with done");
  return { firstToken, total: performance.now() - started };
}

const client = new Anthropic({ apiKey: "sk-ant-bench-0123456789", baseURL: fake.baseURL, maxRetries: 0 });
async function direct() {
  const started = performance.now();
  let firstToken;
  const stream = client.messages.stream({
    model: "claude-bench",
    max_tokens: 1024,
    messages: [{ role: "user", content: "How do I check for a travel ban?" }],
  });
  stream.on("text", () => (firstToken ??= performance.now() - started));
  await stream.finalMessage();
  return { firstToken, total: performance.now() - started };
}

// A request that does nothing (GET /healthz): how long any round trip to the server takes right now,
// to read the figures against when the machine is busy.
async function healthz() {
  const started = performance.now();
  await (await fetch(`${server.url}/healthz`)).text();
  return performance.now() - started;
}

try {
  for (let i = 0; i < WARMUP; i++) {
    await throughServer(100_000 + i);
    await direct();
  }
  const ours = [];
  const baseline = [];
  const roundTrips = [];
  for (let i = 0; i < RUNS; i++) {
    ours.push(await throughServer(i));
    baseline.push(await direct());
    roundTrips.push(await healthz());
  }
  const healthzP50Ms = percentile(roundTrips, 50);
  const summary = (runs) => ({
    firstTokenP50Ms: percentile(
      runs.map((r) => r.firstToken),
      50,
    ),
    firstTokenP95Ms: percentile(
      runs.map((r) => r.firstToken),
      95,
    ),
    totalP50Ms: percentile(
      runs.map((r) => r.total),
      50,
    ),
  });
  const server_ = summary(ours);
  const sdk = summary(baseline);
  const overheadP50Ms = Math.round((server_.firstTokenP50Ms - sdk.firstTokenP50Ms) * 10) / 10;
  console.log(
    `time to first token through our server: p50 ${server_.firstTokenP50Ms} ms, p95 ${server_.firstTokenP95Ms} ms (whole answer p50 ${server_.totalP50Ms} ms)`,
  );
  console.log(
    `time to first token from the SDK directly: p50 ${sdk.firstTokenP50Ms} ms, p95 ${sdk.firstTokenP95Ms} ms`,
  );
  console.log(
    `our overhead (p50): ${overheadP50Ms} ms (budget ${BUDGET_OVERHEAD_P50_MS} ms); an empty round trip (GET /healthz) took p50 ${healthzP50Ms} ms`,
  );
  const withinBudget = overheadP50Ms < BUDGET_OVERHEAD_P50_MS;
  const file = writeResult("assistant", {
    runs: RUNS,
    database: process.env.DATABASE_URL ? "postgresql" : "pglite",
    throughServer: server_,
    sdkDirect: sdk,
    overheadFirstTokenP50Ms: overheadP50Ms,
    healthzRoundTripP50Ms: healthzP50Ms,
    loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
    budget: { overheadFirstTokenP50Ms: BUDGET_OVERHEAD_P50_MS },
    withinBudget,
  });
  console.log(`written ${file}`);
  if (!withinBudget) {
    console.error(`over budget: our time-to-first-token overhead must stay under ${BUDGET_OVERHEAD_P50_MS} ms`);
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  await fake.close();
}
