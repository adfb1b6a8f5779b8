import { notFound } from "../utils/http.server";

// Any path no other route matches: the not-found page, with status 404.
export function loader(): never {
  notFound();
}

export default function NotFoundRoute() {
  return null;
}
