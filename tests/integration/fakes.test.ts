import Anthropic from "@anthropic-ai/sdk";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAnthropic } from "../support/fake-anthropic";
import { startFakeS3 } from "../support/fake-s3";
import { startFakeStripe } from "../support/fake-stripe";

// The fakes stand in for third parties at their network edge: prove the real SDKs accept them.
describe("network-edge fakes", () => {
  let anthropicFake: Awaited<ReturnType<typeof startFakeAnthropic>>;
  let stripeFake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    anthropicFake = await startFakeAnthropic({ kind: "answer", text: "A travel ban check takes about two minutes." });
    stripeFake = await startFakeStripe();
  });
  afterAll(async () => {
    await anthropicFake.close();
    await stripeFake.close();
  });

  it("streams a Messages API answer to the Anthropic SDK in order", async () => {
    const client = new Anthropic({ apiKey: "test-key-123456", baseURL: anthropicFake.baseURL, maxRetries: 0 });
    const pieces: string[] = [];
    const stream = client.messages.stream({
      model: "claude-sonnet-5",
      max_tokens: 200,
      messages: [{ role: "user", content: "How long?" }],
    });
    stream.on("text", (text) => pieces.push(text));
    const final = await stream.finalText();
    expect(pieces.join("")).toBe("A travel ban check takes about two minutes.");
    expect(final).toBe("A travel ban check takes about two minutes.");
    expect(anthropicFake.requests[0]!.headers.authorization).toBe("Bearer test-key-123456");
  });

  it("fails like the real API (529 overloaded)", async () => {
    anthropicFake.setMode({ kind: "error", status: 529 });
    const client = new Anthropic({ apiKey: "test-key-123456", baseURL: anthropicFake.baseURL, maxRetries: 0 });
    await expect(
      client.messages.create({ model: "m", max_tokens: 10, messages: [{ role: "user", content: "x" }] }),
    ).rejects.toMatchObject({ status: 529 });
  });

  it("creates and retrieves Checkout Sessions for the Stripe SDK, replaying idempotent requests", async () => {
    const stripe = new Stripe("sk_test_fake", {
      host: stripeFake.host,
      port: stripeFake.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: "payment",
      success_url: "http://localhost/payment-success?session_id={CHECKOUT_SESSION_ID}",
      client_reference_id: "order-1",
      metadata: { orderId: "order-1" },
      line_items: [
        { quantity: 2, price_data: { currency: "aed", unit_amount: 65_000, product_data: { name: "Basic" } } },
      ],
    };
    const session = await stripe.checkout.sessions.create(params, { idempotencyKey: "order-1" });
    expect(session.amount_total).toBe(130_000);
    const again = await stripe.checkout.sessions.create(params, { idempotencyKey: "order-1" });
    expect(again.id).toBe(session.id);
    stripeFake.complete(session.id);
    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved.payment_status).toBe("paid");
    expect(retrieved.metadata).toEqual({ orderId: "order-1" });
  });

  it("stores, reads, heads and deletes objects for the S3 SDK, path-style, streamed bodies included", async () => {
    const s3Fake = await startFakeS3({ bucket: "fake-bucket" });
    const s3 = new S3Client({
      region: "us-east-1",
      endpoint: s3Fake.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "a", secretAccessKey: "b" },
      maxAttempts: 1,
    });
    try {
      const body = Buffer.from("sealed bytes".repeat(10_000));
      await s3.send(new PutObjectCommand({ Bucket: "fake-bucket", Key: "documents/a", Body: body }));
      await s3.send(
        new PutObjectCommand({
          Bucket: "fake-bucket",
          Key: "documents/b",
          Body: Readable.from([body.subarray(0, 5), body.subarray(5)]),
          ContentLength: body.length,
        }),
      );
      for (const key of ["documents/a", "documents/b"]) {
        const read = await s3.send(new GetObjectCommand({ Bucket: "fake-bucket", Key: key }));
        expect(Buffer.from(await read.Body!.transformToByteArray()).equals(body)).toBe(true);
      }
      expect((await s3.send(new HeadObjectCommand({ Bucket: "fake-bucket", Key: "documents/a" }))).ContentLength).toBe(
        body.length,
      );
      await s3.send(new DeleteObjectCommand({ Bucket: "fake-bucket", Key: "documents/a" }));
      await expect(s3.send(new GetObjectCommand({ Bucket: "fake-bucket", Key: "documents/a" }))).rejects.toMatchObject({
        name: "NoSuchKey",
      });
      await expect(s3.send(new GetObjectCommand({ Bucket: "other", Key: "documents/b" }))).rejects.toMatchObject({
        name: "NoSuchBucket",
      });
      s3Fake.down(true);
      await expect(s3.send(new GetObjectCommand({ Bucket: "fake-bucket", Key: "documents/b" }))).rejects.toThrow();
    } finally {
      s3.destroy();
      await s3Fake.close();
    }
  });
});
