import type { MailAttachmentRef } from "../../db/schema";

export type RenderedAttachment = { filename: string; content: Buffer; contentType: string };
/** Renders the file a queued mail refers to, or null when it no longer exists. */
export type AttachmentRenderer = (id: string) => Promise<RenderedAttachment | null>;

// The mail layer knows no domain: the domain whose files are attached registers how to render them.
const renderers = new Map<MailAttachmentRef["kind"], AttachmentRenderer>();

export function registerAttachmentRenderer(kind: MailAttachmentRef["kind"], renderer: AttachmentRenderer) {
  renderers.set(kind, renderer);
}

/** Files referenced by a queued mail, rendered now (a tax document: from its stored, immutable data). */
export async function renderAttachments(refs: MailAttachmentRef[]): Promise<RenderedAttachment[]> {
  return Promise.all(
    refs.map(async (ref) => {
      const renderer = renderers.get(ref.kind);
      if (!renderer) throw new Error(`attachment ${ref.kind} ${ref.id} has no renderer`);
      const rendered = await renderer(ref.id);
      if (!rendered) throw new Error(`attachment ${ref.kind} ${ref.id} does not exist`);
      return rendered;
    }),
  );
}
