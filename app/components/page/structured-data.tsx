import type { StructuredData as StructuredDataObject } from "../../content/types";
import { useNonce } from "../../http/nonce";

/** schema.org objects as <script type="application/ld+json"> (data, not code; the nonce keeps strict CSPs quiet). */
export function StructuredData({ items }: { items: StructuredDataObject[] }) {
  const nonce = useNonce();
  return (
    <>
      {items.map((item, index) => (
        <script
          key={index}
          type="application/ld+json"
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: jsonLd(item) }}
        />
      ))}
    </>
  );
}

/** JSON for a <script type="application/ld+json">, safe against "</script>" in the text. */
export function jsonLd(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
