import crypto from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesKeyId, decryptBytes, encryptedLength, encryptingChunks, makeKeyRing } from "../../db/encryption";

// The streamed sealing of a document on its way to the bucket (docs/decisions/101) writes exactly
// what encryptBytes would: the same header and layout, the length known in advance, and the
// database's own decryption opens it.

const ring = makeKeyRing([crypto.randomBytes(32)]);

describe("encryptingChunks", () => {
  it("seals any content in slices that decryptBytes opens, at the announced length", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), fc.integer({ min: 1, max: 700 }), (bytes, slice) => {
        const plain = Buffer.from(bytes);
        const chunks = [...encryptingChunks(plain, "order_documents.data", ring, slice)];
        const sealed = Buffer.concat(chunks);
        expect(sealed.length).toBe(encryptedLength(plain.length));
        expect(bytesKeyId(sealed)).toBe(ring.primary.id);
        expect(decryptBytes(sealed, "order_documents.data", ring).equals(plain)).toBe(true);
        // Bound to its purpose, like every sealed value.
        expect(() => decryptBytes(sealed, "data_exports.archive", ring)).toThrow();
      }),
      { numRuns: 60 },
    );
  });

  it("never holds the whole ciphertext: a 3 MB file comes out in 64 KiB slices", () => {
    const chunks = [...encryptingChunks(crypto.randomBytes(3 * 1024 * 1024), "order_documents.data", ring)];
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBe(64 * 1024);
    expect(chunks.length).toBe(3 * 16 + 2);
  });
});
