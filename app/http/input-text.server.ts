/**
 * The one boundary every piece of text from a request passes before any handler sees it (query
 * strings and form bodies in server.ts's request gate, multipart text fields in the upload parser,
 * JSON beacons): code points that PostgreSQL cannot store (U+0000) or that HTML forbids (other
 * control characters, lone surrogates, noncharacters) are removed, and so is U+FFFD, which only
 * stands where a client sent bytes that were not UTF-8 (an overlong or cut sequence). Tab, line
 * feed and carriage return stay: they are how text is written.
 *
 * Removing rather than refusing: these characters carry no meaning anyone could have typed, and a
 * form should not fail for a stray byte a broken keyboard or a copy from a PDF put there.
 */
const UNWANTED = "(?![\\t\\n\\r])[\\p{Cc}\\p{Cs}\\p{Noncharacter_Code_Point}\\uFFFD]";
const ANY_UNWANTED = new RegExp(UNWANTED, "u");
const EVERY_UNWANTED = new RegExp(UNWANTED, "gu");

/** True when `value` holds nothing the boundary would remove. */
export function isCleanInputText(value: string): boolean {
  return !ANY_UNWANTED.test(value);
}

/** `value` without the code points no stored or rendered text may hold. */
export function cleanInputText(value: string): string {
  return isCleanInputText(value) ? value : value.replace(EVERY_UNWANTED, "");
}

/**
 * Names and values of a query string or an urlencoded form, cleaned; `null` when nothing changed
 * (so an untouched query string keeps its exact spelling).
 */
export function cleanSearchParams(params: URLSearchParams): URLSearchParams | null {
  let changed = false;
  const cleaned = new URLSearchParams();
  for (const [name, value] of params) {
    const cleanName = cleanInputText(name);
    const cleanValue = cleanInputText(value);
    if (cleanName !== name || cleanValue !== value) changed = true;
    cleaned.append(cleanName, cleanValue);
  }
  return changed ? cleaned : null;
}

/** JSON from a request with every string (keys included) cleaned; throws as JSON.parse does. */
export function parseJsonInput(text: string): unknown {
  return JSON.parse(cleanInputText(text), (_key, value: unknown) => {
    if (typeof value === "string") return cleanInputText(value);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.some(([key]) => !isCleanInputText(key)))
        return Object.fromEntries(entries.map(([key, v]) => [cleanInputText(key), v]));
    }
    return value;
  });
}
