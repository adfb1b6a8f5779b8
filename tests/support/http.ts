// Form posts as a browser sends them, and the cookies they set: for tests that talk to a running
// server over HTTP (postForm) and for tests that call a route's action in their own process
// (formRequest).

/** A form's fields, sent as `application/x-www-form-urlencoded`. */
export type FormFields = Record<string, string>;

export type FormPostOptions = {
  /** The Cookie header ("name=value; name=value"). */
  cookie?: string | undefined;
  /** The Origin header; a same-origin post (the server's own address) unless given. */
  origin?: string | undefined;
  /** More headers, or ones that replace those above. */
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
};

/**
 * The fetch options of a form posted from a page of the site itself: urlencoded fields, the page's
 * Origin (the same-origin check lets it through), the cookie, and redirects left to the test.
 */
export function formPost(
  fields: FormFields,
  origin: string,
  { cookie, headers = {}, signal }: Omit<FormPostOptions, "origin"> = {},
): RequestInit & { redirect: "manual" } {
  return {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
    ...(signal ? { signal } : {}),
  };
}

/** Posts a form to `path` of a running server as a browser on one of its pages does (see formPost). */
export function postForm(
  baseUrl: string,
  path: string,
  fields: FormFields,
  { origin = baseUrl, ...options }: FormPostOptions = {},
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, formPost(fields, origin, options));
}

/**
 * A form post as a `Request`, for calling a route's action in the test's own process (no server:
 * the same-origin check is the server's, so no Origin is added unless `headers` names one).
 * `multipart` sends the fields as `multipart/form-data`, as a script's `fetch(url, { body: formData })` does.
 */
export function formRequest(
  url: string,
  fields: FormFields,
  {
    cookie,
    headers = {},
    multipart = false,
  }: Pick<FormPostOptions, "cookie" | "headers"> & { multipart?: boolean } = {},
): Request {
  const body = multipart ? new FormData() : new URLSearchParams(fields).toString();
  if (body instanceof FormData) for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request(url, {
    method: "POST",
    headers: {
      ...(multipart ? {} : { "Content-Type": "application/x-www-form-urlencoded" }),
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body,
  });
}

/** The `name=value` of every cookie a response sets (an emptied one too, as `name=`). */
export function setCookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

/** The `name=value` of the cookie `name` a response sets with a value; undefined when it sets none or empties it. */
export function cookieFrom(response: Response, name: string): string | undefined {
  return setCookiesOf(response).find((pair) => pair.startsWith(`${name}=`) && pair !== `${name}=`);
}
