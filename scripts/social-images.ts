// npm run social-images: draws the sharing cards (og:image, twitter:image) into public/social/,
// one 1200 × 630 PNG per section of the site and language, from the titles in the UI dictionaries
// (seo.social): the image shows exactly that text, which is also its alt text. The PNGs are committed; run this again after
// changing those titles. Draws with the Chromium the browser tests use (an HTML card, screenshot);
// Arabic needs an Arabic font on the machine (Debian: apt-get install fonts-noto-core).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { LANGS, dirOf, type Lang } from "../app/i18n/lang";
import { uiAr } from "../app/i18n/ui.ar";
import { uiEn } from "../app/i18n/ui.en";
import { SOCIAL_IMAGE, SOCIAL_SECTIONS, socialImagePath } from "../app/seo/social-image";

const ui = { en: uiEn, ar: uiAr };
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

// The scales of justice, in the site's gold. Flat colours keep each PNG small (about 40 KB; a gradient made 250 KB).
const EMBLEM = `<svg viewBox="0 0 64 64" width="112" height="112" aria-hidden="true" fill="none" stroke="#f5b83d" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">
  <path d="M32 8v46M20 54h24M12 18h40M32 12l0 6"/><circle cx="32" cy="10" r="3" fill="#f5b83d"/>
  <path d="M12 18 5 34h14L12 18zM52 18l-7 16h14L52 18z"/><path d="M5 34a7 5 0 0 0 14 0M45 34a7 5 0 0 0 14 0"/>
</svg>`;

function card(lang: Lang, title: string, subtitle: string) {
  const font =
    lang === "ar"
      ? `"Noto Sans Arabic", "Noto Naskh Arabic", "DejaVu Sans", sans-serif`
      : `"Noto Sans", "DejaVu Sans", "Liberation Sans", sans-serif`;
  return `<!doctype html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><style>
    * { margin: 0; box-sizing: border-box; }
    html, body { width: ${SOCIAL_IMAGE.width}px; height: ${SOCIAL_IMAGE.height}px; }
    body { font-family: ${font}; background: #0f1f3d; border-bottom: 16px solid #f5b83d; color: #fff;
      display: flex; flex-direction: column; justify-content: center; gap: 56px; padding: 72px 88px; }
    .top { display: flex; align-items: center; gap: 28px; }
    .bar { width: 120px; height: 8px; background: #f5b83d; border-radius: 4px; }
    h1 { font-size: ${lang === "ar" ? 64 : 66}px; line-height: 1.25; font-weight: 700; max-width: 1000px; }
    p { font-size: 32px; line-height: 1.45; color: #d6deeb; max-width: 1000px; margin-top: 28px; }
  </style></head><body>
    <div class="top">${EMBLEM}<div class="bar"></div></div>
    <div><h1>${escape(title)}</h1><p>${escape(subtitle)}</p></div>
  </body></html>`;
}

const browser = await chromium.launch({
  executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
  args: ["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"],
});
try {
  const page = await browser.newPage({
    viewport: { width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height },
    deviceScaleFactor: 1,
  });
  for (const lang of LANGS) {
    for (const section of SOCIAL_SECTIONS) {
      const { title, subtitle } = ui[lang].seo.social[section];
      await page.setContent(card(lang, title, subtitle), { waitUntil: "load" });
      const file = path.join("public", socialImagePath(section, lang));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({
        path: file,
        type: "png",
        clip: { x: 0, y: 0, width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height },
      });
      console.log(`${file}: ${(fs.statSync(file).size / 1024).toFixed(0)} KB`);
    }
  }
} finally {
  await browser.close();
}
