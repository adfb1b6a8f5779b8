import { findTierOfService, isServiceKey, isSpeed, serviceName, speedLabel } from "../catalogue";
import type { Lang } from "../i18n/lang";

type ItemRef = { serviceKey: string; tierId: string; tierName: string; speed?: string | null };

/**
 * An order line's package name in `lang`, from the catalogue (the order keeps the English name
 * as it was sold; the stored name when the catalogue no longer has the package), with the
 * delivery speed it was bought at when faster than standard: "Comprehensive, Express (×1.5)".
 */
export function localTierName(item: ItemRef, lang: Lang): string {
  const speed = isSpeed(item.speed) ? speedLabel(item.speed, lang) : null;
  const name = catalogueTierName(item, lang);
  return speed ? `${name}${lang === "ar" ? "، " : ", "}${speed}` : name;
}

function catalogueTierName(item: ItemRef, lang: Lang): string {
  if (lang === "en") return item.tierName;
  return findTierOfService(item.serviceKey, item.tierId)?.name[lang] ?? item.tierName;
}

/**
 * An order's summary names (service, package) in `lang`: the orders table stores them in English
 * for staff and search; clients reading Arabic see them from the catalogue, joined as stored.
 */
export function localOrderNames(
  items: readonly ItemRef[],
  lang: Lang,
  stored: { serviceType: string; tierName: string },
) {
  if (lang === "en" || items.length === 0) return { serviceType: stored.serviceType, tierName: stored.tierName };
  const join = (values: string[]) => [...new Set(values)].join("، ");
  return {
    serviceType: join(
      items.map((item) => (isServiceKey(item.serviceKey) ? serviceName(item.serviceKey, lang) : stored.serviceType)),
    ),
    tierName: join(items.map((item) => localTierName(item, lang))),
  };
}
