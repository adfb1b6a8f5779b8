import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The docs a newcomer reads stay short and connected: the README fits on a few screens, every
// relative link leads to a file (and a heading), and the decision index lists every record.

const README_MAX_LINES = 150;
const DECISIONS = "docs/decisions";

function markdownFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}

/** The text outside fenced code blocks and inline code spans: what links and headings are read from. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "").matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const text = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*_]/g, "");
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

type Link = { from: string; target: string };

function relativeLinks(file: string): Link[] {
  const links: Link[] = [];
  for (const [, target] of prose(fs.readFileSync(file, "utf8")).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target!)) continue; // https:, mailto:…
    links.push({ from: file, target: target! });
  }
  return links;
}

/** What is wrong with a link, or undefined when it leads somewhere. */
function brokenLink({ from, target }: Link): string | undefined {
  const [pathPart, anchor] = target.split("#", 2) as [string, string | undefined];
  const resolved = pathPart === "" ? from : path.normalize(path.join(path.dirname(from), decodeURI(pathPart)));
  if (!fs.existsSync(resolved)) return `${from}: ${target} (no file ${resolved})`;
  if (anchor === undefined) return undefined;
  if (!resolved.endsWith(".md")) return `${from}: ${target} (an anchor into a file that is not Markdown)`;
  if (!headingAnchors(fs.readFileSync(resolved, "utf8")).has(anchor))
    return `${from}: ${target} (no heading #${anchor} in ${resolved})`;
  return undefined;
}

const documents = ["README.md", "bench/README.md", ...markdownFiles("docs")];

describe("the README", () => {
  it(`stays at most ${README_MAX_LINES} lines`, () => {
    const lines = fs.readFileSync("README.md", "utf8").trimEnd().split("\n").length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it("leads to every page of docs/: each is linked from the README or from a page it leads to", () => {
    const reached = new Set<string>();
    const queue = ["README.md"];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (reached.has(file)) continue;
      reached.add(file);
      for (const { target } of relativeLinks(file)) {
        const linked = path.normalize(path.join(path.dirname(file), decodeURI(target.split("#")[0]!)));
        if (linked.endsWith(".md") && fs.existsSync(linked)) queue.push(linked);
      }
    }
    const pages = markdownFiles("docs");
    expect(pages.filter((page) => !reached.has(page))).toEqual([]);
    expect(pages.length).toBeGreaterThan(80);
  });
});

describe("relative links", () => {
  it("finds the links it checks", () => {
    const all = documents.flatMap(relativeLinks);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((link) => link.target.includes("#")).length).toBeGreaterThan(5);
  });

  it.each(documents)("in %s lead to a file, and to a heading when they name one", (file) => {
    expect(relativeLinks(file).map(brokenLink).filter(Boolean)).toEqual([]);
  });

  it("report a missing file and a missing heading", () => {
    expect(brokenLink({ from: "README.md", target: "docs/no-such-page.md" })).toMatch(/no file/);
    expect(brokenLink({ from: "README.md", target: "docs/operations.md#no-such-heading" })).toMatch(/no heading/);
    expect(brokenLink({ from: "README.md", target: "docs/operations.md#backups" })).toBeUndefined();
  });

  it("read anchors as GitHub writes them", () => {
    const anchors = headingAnchors("# Privacy: retention, your data\n## `npm run` commands\n## Keys\n## Keys\n");
    expect([...anchors]).toEqual(["privacy-retention-your-data", "npm-run-commands", "keys", "keys-1"]);
  });
});

describe("the decision records' index", () => {
  const index = fs.readFileSync(`${DECISIONS}/README.md`, "utf8");
  const rows = [...index.matchAll(/^\| (\d{3}) +\| \[(.+?)\]\((\d{3}-[a-z0-9-]+\.md)\) +\| (.+?) +\|$/gm)].map(
    ([, number, title, file, status]) => ({ number: number!, title: title!, file: file!, status: status! }),
  );
  const records = fs.readdirSync(DECISIONS).filter((name) => /^\d{3}-.+\.md$/.test(name));

  it("lists every record once", () => {
    expect(records.length).toBeGreaterThan(70);
    expect(rows.map((row) => row.file).sort()).toEqual([...records].sort());
  });

  it("names only records that exist, under their own number", () => {
    for (const row of rows) {
      expect(fs.existsSync(`${DECISIONS}/${row.file}`), row.file).toBe(true);
      expect(row.file.startsWith(row.number), row.file).toBe(true);
    }
  });

  it.each(records)("gives %s's title and status line as the record does", (file) => {
    const [heading, blank, statusLine] = fs.readFileSync(`${DECISIONS}/${file}`, "utf8").split("\n");
    expect(heading, "first line: # NNN Title").toMatch(new RegExp(`^# ${file.slice(0, 3)} \\S`));
    expect(blank).toBe("");
    expect(statusLine, "third line: Status: …").toMatch(/^Status: \S/);
    const row = rows.find((candidate) => candidate.file === file);
    expect(row, `${file} in ${DECISIONS}/README.md`).toBeDefined();
    expect(row!.title).toBe(heading!.slice(`# ${file.slice(0, 3)} `.length));
    expect(row!.status).toBe(statusLine!.slice("Status: ".length));
  });

  it("has no record still waiting for changes it names", () => {
    for (const file of records)
      expect(fs.readFileSync(`${DECISIONS}/${file}`, "utf8"), file).not.toMatch(/still to be made|not yet changed/);
  });
});
