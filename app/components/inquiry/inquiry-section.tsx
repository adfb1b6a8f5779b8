import type { ServiceKey } from "../../catalogue/services";

/**
 * The inquiry form slot placed on service pages. The lead-capture feature renders the real form
 * here (fields, consent, server validation, e-mail acknowledgement).
 */
export function InquirySection({ service, title, intro }: { service: ServiceKey; title?: string; intro?: string }) {
  return (
    <div data-inquiry-slot={service}>
      {title ? <h2 className="text-2xl font-bold sm:text-3xl">{title}</h2> : null}
      {intro ? <p className="mt-3 text-lg text-slate-600">{intro}</p> : null}
    </div>
  );
}
