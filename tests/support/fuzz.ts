import fc from "fast-check";

/** Content types a browser, a script or an attacker may send with a POST (and none at all). */
export const postContentType = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=utf-8",
  "multipart/form-data; boundary=----x",
  "multipart/form-data",
  "application/json",
  "text/plain;charset=UTF-8",
  "",
);
