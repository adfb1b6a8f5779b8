import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUESTION_MAX_CHARS } from "../../app/assistant/types";
import { resetEnvForTests } from "../../app/env.server";
import { INQUIRY_LIMITS } from "../../app/inquiries/inquiry.server";
import { CHECKOUT_MAX_LENGTHS } from "../../app/orders/checkout-form.server";
import { MESSAGE_UPLOAD_LIMITS, REPORT_UPLOAD_LIMITS, UPLOAD_LIMITS } from "../../app/orders/uploads.server";
import { MAX_MESSAGE_LENGTH } from "../../db/schema";
import { PASSWORD_MAX_LENGTH } from "../../app/auth/schemas.server";
import { WIZARD_LIMITS } from "../../app/request-check/rules";
import { bodyRule, DEFAULT_FORM_BYTES } from "../../app/http/body-limits.server";
import { isVisitorFormToken, visitorFormToken } from "../../app/http/csrf.server";
import { cleanInputText, cleanSearchParams, parseJsonInput } from "../../app/http/input-text.server";
import { firstMultipartToken, formFields } from "../../app/http/request-body.server";
import { requestUrl, routePathOf } from "../../app/http/request-url.server";
import { safeRedirectPath } from "../../app/utils/safe-redirect";
import { originVerdict } from "../../app/http/same-origin.server";

describe("the input boundary", () => {
  it("removes what PostgreSQL or HTML cannot hold and keeps the rest", () => {
    const kept = "Aisha — عائشة 🙂\ttab\nline\r\n";
    expect(cleanInputText(kept)).toBe(kept);
    const hostile = [
      "\u0000",
      "\u0001",
      "\u001b",
      "\u007f",
      "\u0085",
      "\u009f",
      "\ud800",
      "\udfff",
      "\ufffe",
      "\uffff",
      "\ufdd0",
      "\u{1fffe}",
      "\u{10ffff}",
      "\ufffd",
    ];
    for (const bad of hostile) expect(cleanInputText(`a${bad}b`), JSON.stringify(bad)).toBe("ab");
    // A valid surrogate pair is one character, not two lone halves.
    expect(cleanInputText("\ud83d\ude42")).toBe("🙂");
  });

  it("cleans query strings and urlencoded forms, decoding bytes that are not UTF-8 to nothing", () => {
    expect(cleanSearchParams(new URLSearchParams("q=ok&index"))).toBeNull();
    const cleaned = cleanSearchParams(
      new URLSearchParams("q=%00&overlong=a%C0%80b&surrogate=%ED%A0%80c&cut=d%C3&n%00ame=x"),
    );
    expect(Object.fromEntries(cleaned!)).toEqual({ q: "", overlong: "ab", surrogate: "c", cut: "d", name: "x" });
  });

  it("cleans every string of a JSON body, keys included", () => {
    expect(parseJsonInput('{"route":"/a\\u0000b","metrics":[{"na\\u0001me":"\\ud800LCP"}]}')).toEqual({
      route: "/ab",
      metrics: [{ name: "LCP" }],
    });
    expect(() => parseJsonInput("{")).toThrow();
  });

  it("reads forms from urlencoded and multipart bodies, dropping files; other bodies are not forms", async () => {
    const urlencoded = await formFields(
      Buffer.concat([Buffer.from("name=A%00b&_csrf=t&raw="), Buffer.from([0xff])]),
      "application/x-www-form-urlencoded",
    );
    expect(urlencoded && Object.fromEntries(urlencoded)).toEqual({ name: "Ab", _csrf: "t", raw: "" });
    const multipart = Buffer.concat([
      Buffer.from('--x\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi'),
      Buffer.from([0xc0, 0x80, 0x00]),
      Buffer.from(
        '\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-\r\n--x--\r\n',
      ),
    ]);
    const fields = await formFields(multipart, "multipart/form-data; boundary=x");
    expect(fields && [...fields]).toEqual([["note", "hi"]]);
    expect(await formFields(Buffer.from('{"a":1}'), "application/json")).toBeNull();
    expect(await formFields(Buffer.from("--y\r\nbroken"), "multipart/form-data; boundary=x")).toBeNull();
  });

  it("finds the form token in the first part of an upload and replays the body from its first byte", async () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\nTOKEN123\r\n--b\r\nContent-Disposition: form-data; name="documents"; filename="x.pdf"\r\n\r\n%PDF-1.4\r\n--b--\r\n';
    for (const size of [3, 17, 1000]) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < body.length; at += size) chunks.push(Buffer.from(body.slice(at, at + size)));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
      const { token, replay } = await firstMultipartToken(stream, "multipart/form-data; boundary=b");
      expect(token, `chunks of ${size}`).toBe("TOKEN123");
      expect(await new Response(replay).text()).toBe(body);
    }
    const other = new Response('--b\r\nContent-Disposition: form-data; name="legalName"\r\n\r\nA\r\n--b--\r\n').body!;
    expect((await firstMultipartToken(other, "multipart/form-data; boundary=b")).token).toBeUndefined();
  });
});

describe("request URLs", () => {
  const origin = "http://sanad.test";
  it("resolves dot segments as routing does, so guarded paths are matched on the real target", () => {
    expect(requestUrl(origin, "/webhooks/../dashboard/settings")?.pathname).toBe("/dashboard/settings");
    expect(requestUrl(origin, "/webhooks/%2e%2e/dashboard/settings")?.pathname).toBe("/dashboard/settings");
    expect(requestUrl(origin, "//evil.example/x")?.host).toBe("sanad.test");
    expect(requestUrl(origin, "http://evil.example/x")).toBeNull();
  });

  it("refuses paths with control characters or escapes that are not UTF-8, and cleans the query", () => {
    for (const bad of ["/admin/orders/%00", "/a%C0%80", "/a%ED%A0%80", "/a%E0%A4%A", "/a%0Ab", "/a%09"])
      expect(requestUrl(origin, bad), bad).toBeNull();
    expect(requestUrl(origin, "/ar/%D8%B9%D9%86")?.pathname).toBe("/ar/%D8%B9%D9%86");
    expect(requestUrl(origin, "/admin?q=%00abc&status=all")?.search).toBe("?q=abc&status=all");
    expect(requestUrl(origin, "/admin?index&q=x")?.search).toBe("?index&q=x");
  });

  it("names the route of a path in one spelling", () => {
    expect(routePathOf("/ar/Checkout/")).toBe("/checkout");
    expect(routePathOf("/ar/inquiry.data")).toBe("/inquiry");
    expect(routePathOf("/_root.data")).toBe("/");
    expect(routePathOf("/ar")).toBe("/");
    expect(routePathOf("/area")).toBe("/area");
  });
});

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/checkout?x=1#top", "/")).toBe("/checkout?x=1#top");
    expect(safeRedirectPath("/ar/dashboard", "/")).toBe("/ar/dashboard");
    expect(safeRedirectPath("/admin/users?q=a%20b", "/")).toBe("/admin/users?q=a%20b");
  });

  it("refuses every way out: schemes, protocol-relative, backslashes, control characters, and their encodings", () => {
    const bad = [
      "https://evil.example",
      "javascript:alert(1)",
      "evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\u0000/evil.example",
      "/%09/evil.example",
      "/%0A/evil.example",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/%5Cevil.example",
      "/%E0%A4%A",
      " /dashboard",
      "",
      null,
      undefined,
      42,
      "/" + "a".repeat(2001),
    ];
    for (const target of bad) expect(safeRedirectPath(target, "/fallback"), JSON.stringify(target)).toBe("/fallback");
  });

  it("refuses what only becomes a way out once dot segments are resolved", () => {
    const bad = [
      "/.//evil.example",
      "/..//evil.example",
      "/%2e//evil.example",
      "/%2E//evil.example",
      "/%2e%2e//evil.example",
      "/a/..//evil.example",
      "/a/%2e%2e//evil.example",
      "/a/b/../..//evil.example",
      "/./\\evil.example",
      "/%2e/%2F/evil.example",
      "/.//evil.example/path?x=1#y",
    ];
    for (const target of bad) expect(safeRedirectPath(target, "/fallback"), JSON.stringify(target)).toBe("/fallback");
    // Dot segments that stay on the site are resolved, and what is sent is the resolved path.
    expect(safeRedirectPath("/a/../checkout", "/")).toBe("/checkout");
    expect(safeRedirectPath("/./dashboard/%2e%2e/cart?x=1", "/")).toBe("/cart?x=1");
  });

  it("property: whatever pieces a target is made of, the answer is the fallback or a path a browser keeps on this site", () => {
    // Pieces a browser or the URL parser treat specially, most of them dot segments and slashes.
    const piece = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          "/",
          "//",
          ".",
          "..",
          "%2e",
          "%2E",
          "%2e%2e",
          ".%2e",
          "\\",
          "%5c",
          "%5C",
          "%2f",
          "%2F",
        ),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom("\t", "\n", "%09", "%0a", "%00", " ", "%25", "%252f", "\u3002", "\uff0f"),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          "evil.example",
          "a",
          "ar",
          "checkout",
          "?",
          "#",
          ":",
          "@",
          "%",
          "https:",
          "javascript:",
        ),
      },
    );
    const target = fc.array(piece, { minLength: 1, maxLength: 10 }).map((pieces) => "/" + pieces.join(""));
    const site = "https://sanad.example";
    fc.assert(
      fc.property(target, fc.constantFrom("/", "/ar/dashboard/", "/client-login/two-factor"), (input, from) => {
        const result = safeRedirectPath(input, "/fallback");
        if (result === "/fallback") return;
        expect(result.startsWith("/") && !result.startsWith("//"), input).toBe(true);
        expect(result).not.toMatch(/[\\\p{Cc}]/u);
        // A browser resolves the Location against the page it is on: it stays on our site.
        expect(new URL(result, `${site}${from}`).origin, input).toBe(site);
        // And decoded once more (a route reading it again), it is still a path here.
        expect(decodeURIComponent(result).startsWith("//"), input).toBe(false);
        // Checking what is sent again lets it through unchanged.
        expect(safeRedirectPath(result, "/fallback"), input).toBe(result);
      }),
      {
        numRuns: 5000,
        examples: [
          ["/.//evil.example", "/"],
          ["/a/%2e%2e//evil.example", "/ar/dashboard/"],
        ],
      },
    );
  });
});

describe("originVerdict", () => {
  const base = { requestOrigin: "http://localhost:3000", siteUrl: "https://sanad.example", secFetchSite: undefined };
  it("accepts our site and the host asked for", () => {
    expect(originVerdict({ ...base, origin: "https://sanad.example", referer: undefined })).toBe("same-origin");
    expect(originVerdict({ ...base, origin: "http://localhost:3000", referer: undefined })).toBe("same-origin");
    expect(originVerdict({ ...base, origin: undefined, referer: "http://localhost:3000/contact" })).toBe("same-origin");
    expect(originVerdict({ ...base, origin: undefined, referer: undefined, secFetchSite: "same-origin" })).toBe(
      "same-origin",
    );
  });

  it("refuses other origins, and Sec-Fetch-Site cross-site or same-site whatever else is sent", () => {
    expect(originVerdict({ ...base, origin: "https://evil.example", referer: undefined })).toBe("cross-site");
    expect(originVerdict({ ...base, origin: undefined, referer: "https://sanad.example.evil.example/" })).toBe(
      "cross-site",
    );
    expect(
      originVerdict({ ...base, origin: "https://sanad.example", referer: undefined, secFetchSite: "cross-site" }),
    ).toBe("cross-site");
    expect(originVerdict({ ...base, origin: undefined, referer: undefined, secFetchSite: "same-site" })).toBe(
      "cross-site",
    );
  });

  it("cannot tell when a request names no origin: no headers, an opaque origin, or a Referer that is no URL", () => {
    expect(originVerdict({ ...base, origin: undefined, referer: undefined })).toBe("unknown");
    expect(originVerdict({ ...base, origin: "null", referer: undefined })).toBe("unknown");
    expect(originVerdict({ ...base, origin: undefined, referer: "not a url" })).toBe("unknown");
    expect(originVerdict({ ...base, origin: undefined, referer: undefined, secFetchSite: "none" })).toBe("unknown");
  });
});

describe("the visitor's form token", () => {
  beforeAll(() => {
    process.env.SESSION_SECRET = `${"n".repeat(32)},${"o".repeat(32)}`;
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.SESSION_SECRET;
    resetEnvForTests();
  });

  it("gives a new visitor a cookie and the same token for the whole visit", () => {
    const first = visitorFormToken(null);
    expect(first.setCookie).toMatch(/^csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = first.setCookie!.split(";")[0]!;
    const again = visitorFormToken(`lang=ar; ${cookie}`);
    expect(again).toEqual({ token: first.token, setCookie: null });
    expect(isVisitorFormToken(cookie, first.token)).toBe(true);
  });

  it("refuses a missing or foreign token, a token without its cookie, and a forged cookie", () => {
    const a = visitorFormToken(null);
    const b = visitorFormToken(null);
    const cookieA = a.setCookie!.split(";")[0]!;
    expect(isVisitorFormToken(cookieA, b.token)).toBe(false);
    expect(isVisitorFormToken(cookieA, undefined)).toBe(false);
    expect(isVisitorFormToken(cookieA, "")).toBe(false);
    expect(isVisitorFormToken(undefined, a.token)).toBe(false);
    expect(isVisitorFormToken("csrf=short", a.token)).toBe(false);
  });

  it("still accepts tokens made under a previous secret while secrets rotate", () => {
    const made = visitorFormToken(null);
    const cookie = made.setCookie!.split(";")[0]!;
    process.env.SESSION_SECRET = `${"p".repeat(32)},${"n".repeat(32)}`;
    resetEnvForTests();
    expect(isVisitorFormToken(cookie, made.token)).toBe(true);
    expect(visitorFormToken(cookie).token).not.toBe(made.token);
    process.env.SESSION_SECRET = `${"q".repeat(32)}`;
    resetEnvForTests();
    expect(isVisitorFormToken(cookie, made.token)).toBe(false);
  });
});

describe("body limits", () => {
  // Every character a field allows, at its worst: a three-byte UTF-8 character percent-encoded.
  const worst = (...limits: number[]) => limits.reduce((sum, chars) => sum + chars * 9, 0);

  it("fit the longest legitimate form of each route", () => {
    expect(bodyRule("/inquiry").form).toBeGreaterThan(worst(...Object.values(INQUIRY_LIMITS)));
    expect(bodyRule("/travel-check").form).toBeGreaterThan(worst(...Object.values(INQUIRY_LIMITS)));
    expect(bodyRule("/request-check").form).toBeGreaterThan(worst(...Object.values(WIZARD_LIMITS)));
    expect(bodyRule("/api/assistant").form).toBeGreaterThan(worst(QUESTION_MAX_CHARS));
    expect(bodyRule("/assistant").form).toBeGreaterThan(worst(QUESTION_MAX_CHARS));
    expect(bodyRule("/admin/orders/x").form).toBeGreaterThan(worst(5000));
    expect(bodyRule("/dashboard/orders/x").form).toBeGreaterThan(worst(MAX_MESSAGE_LENGTH));
    // Sign-in takes a password of up to 1,000 characters; settings three password fields.
    expect(DEFAULT_FORM_BYTES).toBeGreaterThan(worst(100, 1000));
    expect(DEFAULT_FORM_BYTES).toBeGreaterThan(worst(1000, PASSWORD_MAX_LENGTH, PASSWORD_MAX_LENGTH));
    expect(bodyRule("/checkout").form).toBeGreaterThan(worst(...Object.values(CHECKOUT_MAX_LENGTHS)));
  });

  it("keep the upload parsers' own limits and mark the signed webhook raw", () => {
    expect(bodyRule("/checkout").upload).toBeGreaterThan(UPLOAD_LIMITS.maxTotalBytes);
    expect(bodyRule("/admin/orders/x").upload).toBeGreaterThan(REPORT_UPLOAD_LIMITS.maxTotalBytes);
    expect(bodyRule("/admin/orders/x").upload).toBeGreaterThan(MESSAGE_UPLOAD_LIMITS.maxTotalBytes);
    expect(bodyRule("/dashboard/orders/x").upload).toBeGreaterThan(MESSAGE_UPLOAD_LIMITS.maxTotalBytes);
    expect(bodyRule("/webhooks/stripe").raw).toBe(true);
    expect(bodyRule("/anything-else")).toEqual({ form: DEFAULT_FORM_BYTES });
  });
});
