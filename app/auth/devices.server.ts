import type { Lang } from "../i18n/lang";

// A rough, readable name for a session's browser from its User-Agent header: enough for an owner
// to recognise their own devices in the sessions list. Order matters: Edge and Opera say "Chrome"
// too, and Chrome says "Safari".
const BROWSERS: Array<{ test: RegExp; name: Record<Lang, string> }> = [
  { test: /Edg(e|A|iOS)?\//, name: { en: "Edge", ar: "إيدج" } },
  { test: /OPR\/|Opera/, name: { en: "Opera", ar: "أوبرا" } },
  { test: /SamsungBrowser\//, name: { en: "Samsung Internet", ar: "متصفح سامسونج" } },
  { test: /Firefox\/|FxiOS\//, name: { en: "Firefox", ar: "فايرفوكس" } },
  { test: /Chrome\/|CriOS\/|Chromium\//, name: { en: "Chrome", ar: "كروم" } },
  { test: /Safari\//, name: { en: "Safari", ar: "سفاري" } },
];
const SYSTEMS: Array<{ test: RegExp; name: Record<Lang, string> }> = [
  { test: /iPhone/, name: { en: "iPhone", ar: "آيفون" } },
  { test: /iPad/, name: { en: "iPad", ar: "آيباد" } },
  { test: /Android/, name: { en: "Android", ar: "أندرويد" } },
  { test: /CrOS/, name: { en: "ChromeOS", ar: "كروم أو إس" } },
  { test: /Windows/, name: { en: "Windows", ar: "ويندوز" } },
  { test: /Mac OS X|Macintosh/, name: { en: "macOS", ar: "ماك" } },
  { test: /Linux/, name: { en: "Linux", ar: "لينكس" } },
];

/** "Chrome on Windows" in the page's language, or null when the header names nothing we know. */
export function describeDevice(userAgent: string | null, lang: Lang, pattern: string): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find((candidate) => candidate.test.test(userAgent))?.name[lang];
  const system = SYSTEMS.find((candidate) => candidate.test.test(userAgent))?.name[lang];
  if (browser && system) return pattern.replace("{browser}", browser).replace("{os}", system);
  return browser ?? system ?? null;
}
