import { describe, expect, it } from "vitest";
import * as z from "zod";
import { cleanText, optionalCleanString, requiredCleanString } from "../../app/http/clean-text.server";

describe("cleanText", () => {
  it.each([
    ["<script>alert(1)</script>Aisha", "Aisha"],
    ["Ai<SCRIPT src=x>sha", "Aisha"],
    ["<script>a</script>Omar</script >", "Omar"],
    ["javascript:alert(1)", "alert(1)"],
    ["JaVaScRiPt:alert(1)", "alert(1)"],
    ["java\tscript:alert(1)", "alert(1)"],
    ["javajavascript:script:alert(1)", "alert(1)"],
    ["vbscript:msgbox", "msgbox"],
    ['<img src=x onerror="alert(1)">', "<img src=x>"],
    ["<a href='#' onclick='steal()' title=t>", "<a href='#' title=t>"],
    ['" onmouseover=alert(1) x="', '" x="'],
    ["<<script>script>alert(1)<</script>/script>", ""],
  ])("removes the dangerous parts of %j", (input, expected) => {
    expect(cleanText(input)).toBe(expected);
  });

  it("leaves ordinary text alone, Arabic included", () => {
    expect(cleanText("Is my visa still valid? I'm online = yes, 3 < 5 & 6 > 2")).toBe(
      "Is my visa still valid? I'm online = yes, 3 < 5 & 6 > 2",
    );
    expect(cleanText("عائشة محمد")).toBe("عائشة محمد");
    expect(cleanText("O'Brien-Smith")).toBe("O'Brien-Smith");
  });

  it("collapses whitespace on one line and keeps paragraphs in a message", () => {
    expect(cleanText("  Aisha \n  Khan\t ")).toBe("Aisha Khan");
    expect(cleanText("Hello,\r\n\r\n\r\n\r\nI need   help.\r\nThanks  ", { multiline: true })).toBe(
      "Hello,\n\nI need help.\nThanks",
    );
  });

  it("drops control, zero-width and bidi-override characters", () => {
    expect(cleanText("Ai\u0000sha\u200b \u202eKhan\u0007")).toBe("Aisha Khan");
  });

  it("gives an empty string for anything that is not a string", () => {
    expect(cleanText(undefined)).toBe("");
    expect(cleanText(42)).toBe("");
    expect(cleanText({ toString: () => "<script>" })).toBe("");
  });
});

describe("zod helpers", () => {
  const schema = z.object({
    fullName: requiredCleanString("Enter your full name", { max: 10 }),
    note: optionalCleanString({ max: 20, multiline: true }),
  });

  it("cleans before checking, so a value that is only a script is missing", () => {
    const result = schema.safeParse({ fullName: "<script>x</script>" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Enter your full name");
  });

  it("reports a missing value with the same message", () => {
    expect(schema.safeParse({}).error?.issues[0]?.message).toBe("Enter your full name");
  });

  it("checks the length of the cleaned value", () => {
    expect(schema.safeParse({ fullName: "   Aisha   Khan   " }).data).toEqual({
      fullName: "Aisha Khan",
      note: undefined,
    });
    expect(schema.safeParse({ fullName: "Aisha Khan Al Mansouri" }).error?.issues[0]?.message).toBe(
      "Use at most 10 characters",
    );
  });

  it("turns an optional value that cleaning empties into undefined", () => {
    expect(schema.safeParse({ fullName: "Omar", note: "javascript:" }).data).toEqual({
      fullName: "Omar",
      note: undefined,
    });
    expect(schema.safeParse({ fullName: "Omar", note: "a\n\nb" }).data).toEqual({ fullName: "Omar", note: "a\n\nb" });
  });
});
