/**
 * iCalendar (RFC 5545) text of consultation sessions: invites (METHOD:REQUEST), cancellations
 * (METHOD:CANCEL) and the consultants' feeds (METHOD:PUBLISH). Times in UTC; lines end in CRLF
 * and are folded at 75 octets; text values escaped.
 */
export type IcsEvent = {
  /** Stable across every change of the session, so calendars update the one event. */
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description: string;
  location?: string | null;
  url?: string | null;
  organizer: { name: string; email: string };
  attendee?: { name: string; email: string } | null;
  cancelled?: boolean;
};

export type IcsMethod = "REQUEST" | "CANCEL" | "PUBLISH";

const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** A parameter value (CN=…): quoted, without the characters a quoted value cannot hold. */
const param = (value: string) => `"${value.replace(/["\r\n]/g, "")}"`;

/** Folds a content line at 75 octets without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function eventLines(event: IcsEvent, method: IcsMethod): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`ORGANIZER;CN=${param(event.organizer.name)}:mailto:${event.organizer.email}`);
  if (event.attendee)
    lines.push(
      `ATTENDEE;CN=${param(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${method === "CANCEL" ? "DECLINED" : "ACCEPTED"}:mailto:${event.attendee.email}`,
    );
  lines.push(`STATUS:${event.cancelled || method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`, "END:VEVENT");
  return lines;
}

export function icsCalendar(events: readonly IcsEvent[], method: IcsMethod, name?: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Sanad Legal//Consultations//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
  ];
  if (name) lines.push(`X-WR-CALNAME:${escapeText(name)}`);
  for (const event of events) lines.push(...eventLines(event, method));
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
