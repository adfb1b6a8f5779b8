import * as z from "zod";
import { cleanInputText } from "./input-text.server";

/**
 * Text cleaning for everything a visitor types (DECISIONS.md, "Security"): script elements,
 * `javascript:` (and `vbscript:`) URLs and inline on-event attributes are removed before the
 * text is stored. Output is escaped as well (React, e-mail layout): this is defence in depth for
 * places we do not render ourselves (mail clients, CSV exports, staff tools).
 *
 * Cleaning repeats until nothing changes, so nested tricks such as `javajavascript:script:`
 * cannot reassemble a dangerous string after one pass.
 */
export type CleanTextOptions = {
  /** Keep line breaks (message boxes). Otherwise all whitespace runs become one space. */
  multiline?: boolean;
};

// A whole script element (content included), or a lone opening/closing script tag.
const SCRIPT_ELEMENT = /<\s*script\b[^>]*>[\s\S]*?<\s*\/\s*script\s*>/gi;
const SCRIPT_TAG = /<\s*\/?\s*script\b[^>]*>?/gi;
// `javascript:` with the tricks browsers forgive: whitespace or control characters between letters.
const SCRIPT_URL =
  // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a URL scheme
  /(?:j[\s\x00-\x1f]*a[\s\x00-\x1f]*v[\s\x00-\x1f]*a[\s\x00-\x1f]*|v[\s\x00-\x1f]*b[\s\x00-\x1f]*)s[\s\x00-\x1f]*c[\s\x00-\x1f]*r[\s\x00-\x1f]*i[\s\x00-\x1f]*p[\s\x00-\x1f]*t[\s\x00-\x1f]*:/gi;
// An on-event attribute inside a tag: `<img src=x onerror="…">`.
const TAG_WITH_ATTRIBUTES = /<[a-z][^<>]*>/gi;
const EVENT_ATTRIBUTE = /([\s"'/])on[a-z]+\s*=\s*(?:"[^"]*"?|'[^']*'?|[^\s>]*)/gi;
// The same attribute written outside a tag (a fragment meant to be pasted into one), limited to
// handler-like names so ordinary words ("online = yes") survive.
const LOOSE_EVENT_ATTRIBUTE =
  /(^|[\s"'/<])on(?:abort|afterprint|animation\w*|auxclick|before\w+|blur|cancel|canplay\w*|change|click|close|contextmenu|copy|cut|dblclick|drag\w*|drop|durationchange|emptied|ended|error|focus\w*|hashchange|input|invalid|key\w+|load\w*|message|mouse\w+|offline|online|page\w+|paste|pause|play\w*|pointer\w+|popstate|progress|ratechange|reset|resize|scroll\w*|search|seek\w+|select\w*|show|stalled|storage|submit|suspend|timeupdate|toggle|touch\w+|transition\w*|unload|volumechange|waiting|wheel)\s*=\s*(?:"[^"]*"?|'[^']*'?|[^\s>]*)/gi;
// Control characters other than tab and line feed; also zero-width and bidi-override characters
// that can hide text from staff reading it.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b\u202a-\u202e\u2066-\u2069\ufeff]/g;

function removeDangerous(value: string) {
  return value
    .replace(SCRIPT_ELEMENT, "")
    .replace(SCRIPT_TAG, "")
    .replace(SCRIPT_URL, "")
    .replace(TAG_WITH_ATTRIBUTES, (tag) => tag.replace(EVENT_ATTRIBUTE, "$1").replace(/\s+>$/, ">"))
    .replace(LOOSE_EVENT_ATTRIBUTE, "$1");
}

/**
 * Text kept exactly as typed apart from what no reader should get: control characters and the
 * zero-width and bidi-override characters that can hide or reorder text; line breaks normalised,
 * ends trimmed. For conversations, whose markup is shown as text (escaped on output), never removed.
 */
export function plainText(value: unknown): string {
  if (typeof value !== "string") return "";
  return value.normalize("NFC").replace(/\r\n?/g, "\n").replace(CONTROL, "").trim();
}

/** Cleans one text value as DECISIONS.md says. Non-strings become "". */
export function cleanText(value: unknown, { multiline = false }: CleanTextOptions = {}): string {
  if (typeof value !== "string") return "";
  // What the input boundary removes (server.ts's request gate already did, for requests): again
  // here, so text from any other path (a job, a test, a script) is held to the same rule.
  let text = cleanInputText(value).normalize("NFC").replace(/\r\n?/g, "\n");
  for (let pass = 0; pass < 10; pass++) {
    const next = removeDangerous(text);
    if (next === text) break;
    text = next;
  }
  text = text.replace(CONTROL, "");
  if (multiline) {
    return text
      .split("\n")
      .map((line) => line.replace(/[\t ]+/g, " ").trimEnd())
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
  }
  return text.replace(/\s+/g, " ").trim();
}

type CleanStringOptions = { max: number; multiline?: boolean; tooLong?: string };

// The checks run on the cleaned text with refine, not by piping into another z.string(): Conform
// rewrites every string schema it finds to read "" as missing, which would turn a value that
// cleaning emptied into "expected string" instead of our message.

/**
 * A required zod string, cleaned first and then checked (at least one character left, at most
 * `max`). For server schemas: `fullName: requiredCleanString("Enter your full name", { max: 100 })`.
 * Conform turns an empty field into `undefined`; zod then reports `message` for it as well.
 */
export function requiredCleanString(message: string, { max, multiline = false, tooLong }: CleanStringOptions) {
  return z
    .string({ error: message })
    .transform((value) => cleanText(value, { multiline }))
    .refine((value) => value.length > 0, message)
    .refine((value) => value.length <= max, tooLong ?? `Use at most ${max} characters`);
}

/** An optional zod string, cleaned and checked the same way; empty (or emptied by cleaning) gives `undefined`. */
export function optionalCleanString({ max, multiline = false, tooLong }: CleanStringOptions) {
  return z
    .string()
    .transform((value) => cleanText(value, { multiline }))
    .refine((value) => value.length <= max, tooLong ?? `Use at most ${max} characters`)
    .transform((value) => (value === "" ? undefined : value))
    .optional();
}
