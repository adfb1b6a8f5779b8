import { formatMoney } from "../../i18n/format";
import type { Lang } from "../../i18n/lang";

/** An amount of fils, isolated so "AED 1,250" keeps its order inside right-to-left text. */
export function Money({ fils, lang, className }: { fils: number; lang: Lang; className?: string }) {
  return <bdi className={className}>{formatMoney(fils, lang)}</bdi>;
}

/** The first 8 characters of an order id, as the spec shows it; the full id in the tooltip. */
export function ShortId({ id, className }: { id: string; className?: string }) {
  return (
    <bdi className={className ?? "font-mono text-sm"} title={id}>
      #{id.slice(0, 8)}
    </bdi>
  );
}
