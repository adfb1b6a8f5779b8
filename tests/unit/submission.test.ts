import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isSubmitFailure, isTransportFailure, SUBMIT_TIMEOUT_MS, SubmitFailureError } from "../../app/forms/submission";
import { newSubmissionKey, sendForm } from "../../app/forms/send-form";
import { resilientClientAction } from "../../app/forms/submission-client-action";

function args(serverAction: () => Promise<unknown>, controller = new AbortController()) {
  return {
    serverAction,
    request: new Request("http://localhost/inquiry", { method: "POST", signal: controller.signal }),
    params: {},
  } as unknown as ClientActionFunctionArgs;
}

async function failureOf(answer: unknown) {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  // A 503: the router re-runs no loader after it.
  expect(response.status).toBe(503);
  return response.json();
}

describe("the resilient clientAction", () => {
  const clientAction = resilientClientAction();
  afterEach(() => vi.useRealTimers());

  it("passes the server's answer through, errors and all", async () => {
    expect(await clientAction(args(async () => ({ ok: true })))).toEqual({ ok: true });
    const serverError = new Error("Deliberate failure");
    await expect(clientAction(args(async () => Promise.reject(serverError)))).rejects.toBe(serverError);
  });

  it("answers a dropped connection or a body that is not ours as a network failure", async () => {
    expect(await failureOf(await clientAction(args(() => Promise.reject(new TypeError("Failed to fetch")))))).toEqual({
      submitFailed: "network",
    });
    expect(
      await failureOf(
        await clientAction(args(() => Promise.reject(new Error("Unable to decode turbo-stream response")))),
      ),
    ).toEqual({ submitFailed: "network" });
  });

  it("answers no answer in time as a timeout, and leaves the late request alone", async () => {
    vi.useFakeTimers();
    let late!: (value: unknown) => void;
    const answer = clientAction(args(() => new Promise((resolve) => (late = resolve))));
    await vi.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS - 1);
    let settled = false;
    void answer.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(await failureOf(await answer)).toEqual({ submitFailed: "timeout" });
    late({ ok: true });
  });

  it("rethrows when the router cancelled the request itself", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      clientAction(args(() => Promise.reject(new TypeError("Failed to fetch")), controller)),
    ).rejects.toBeInstanceOf(TypeError);
  });

  it("tells failures from other data", () => {
    expect(isSubmitFailure({ submitFailed: "network" })).toBe(true);
    expect(isSubmitFailure({ submitFailed: "offline" })).toBe(false);
    expect(isSubmitFailure({ result: { status: "success" } })).toBe(false);
    expect(isSubmitFailure(null)).toBe(false);
    expect(isTransportFailure(new SubmitFailureError("timeout"))).toBe(true);
    expect(isTransportFailure(new RangeError("bug"))).toBe(false);
  });

  it("makes submission keys the server accepts (UUID v4)", () => {
    const keys = new Set(Array.from({ length: 50 }, newSubmissionKey));
    expect(keys.size).toBe(50);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("sendForm (forms that fetch themselves)", () => {
  // A real server that never answers, and one that answers at once.
  const sockets = new Set<Socket>();
  const silent = http.createServer(() => undefined);
  const answering = http.createServer((_request, response) => response.end("ok"));
  let silentUrl = "";
  let answeringUrl = "";
  beforeAll(async () => {
    silent.on("connection", (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    await new Promise<void>((resolve) => answering.listen(0, "127.0.0.1", resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/cart/update`;
    answeringUrl = `http://127.0.0.1:${(answering.address() as AddressInfo).port}/cart/update`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await new Promise((resolve) => answering.close(resolve));
  });

  it("gives the answer, or a timeout, or a network failure", async () => {
    expect(await (await sendForm(answeringUrl, { method: "POST", body: "a=1" })).text()).toBe("ok");
    await expect(sendForm(silentUrl, { method: "POST", body: "a=1", timeoutMs: 100 })).rejects.toMatchObject({
      name: "SubmitFailureError",
      kind: "timeout",
    });
    await expect(sendForm("http://127.0.0.1:1/cart/update", { method: "POST", body: "a=1" })).rejects.toMatchObject({
      name: "SubmitFailureError",
      kind: "network",
    });
  });

  it("lets the caller's own abort through as an abort", async () => {
    const controller = new AbortController();
    const sent = sendForm(silentUrl, { method: "POST", body: "a=1", signal: controller.signal });
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: "AbortError" });
  });
});
