import { navGroups } from "../site-navigation";
import type { Lang } from "../i18n/lang";

/**
 * The sharing card of a page (og:image, twitter:image): one picture per section of the site and
 * language, 1200 × 630 PNG, drawn by `npm run social-images` from the titles in the UI dictionaries
 * (`seo.social`) and committed under public/social/. A page's section is the navigation group it
 * belongs to; every other page shares the default card.
 */
export const SOCIAL_SECTIONS = ["default", "ban-checks", "for-business", "services"] as const;
export type SocialSection = (typeof SOCIAL_SECTIONS)[number];

export const SOCIAL_IMAGE = { width: 1200, height: 630, type: "image/png" } as const;

export function socialSection(barePath: string): SocialSection {
  const group = navGroups.find((candidate) => candidate.links.some((link) => link.to === barePath));
  return group && (SOCIAL_SECTIONS as readonly string[]).includes(group.id) ? (group.id as SocialSection) : "default";
}

/** The card's site path: /social/<section>-<lang>.png. */
export function socialImagePath(section: SocialSection, lang: Lang) {
  return `/social/${section}-${lang}.png`;
}
