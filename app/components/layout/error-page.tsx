import { fill } from "../../i18n/fill";
import { useRootData } from "../../root-data";
import { Button, ButtonLink } from "../ui/button";
import { localizePath } from "../../i18n/lang";
import { isTransportFailure } from "../../forms/submission";

/**
 * While the database is away the root loader fails too, so the dictionaries are missing: the
 * unavailable page then says it in both languages (these few words are the only built-in text).
 */
const UNAVAILABLE_FALLBACK = {
  en: "We are having trouble reaching our systems. Please try again in a minute; nothing you sent before this message was lost.",
  ar: "نواجه صعوبة في الوصول إلى أنظمتنا. يُرجى المحاولة بعد دقيقة؛ لم يُفقد أي شيء أرسلته قبل ظهور هذه الرسالة.",
};

/**
 * The not-found page (404), the unavailable page (503), the unexpected-error page (500, with a
 * reference) and, in the browser, the page for a navigation the connection did not carry.
 */
export function ErrorPage({
  status,
  requestId,
  error,
}: {
  status: number;
  requestId?: string | undefined;
  error?: unknown;
}) {
  const data = useRootData();
  const ui = data?.ui;
  const lang = data?.lang ?? "en";
  // A page (or its code) the browser could not fetch is the connection, not a server error: say
  // so, and offer to load it again.
  const connection = typeof document !== "undefined" && (isTransportFailure(error) || isChunkLoadFailure(error));

  const notFound = status === 404;
  const unavailable = status === 503;
  const title = connection
    ? (ui?.submit.connectionTitle ?? "Connection lost")
    : notFound
      ? (ui?.errors.notFoundTitle ?? "Oops! Page not found")
      : unavailable
        ? (ui?.errors.unavailableTitle ?? "Service temporarily unavailable")
        : (ui?.errors.serverErrorTitle ?? "Something went wrong");
  const text = connection
    ? ui?.submit.connectionText
    : notFound
      ? ui?.errors.notFoundText
      : unavailable
        ? ui?.errors.unavailableText
        : ui?.errors.serverErrorText;
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      {connection ? null : <p className="text-sm font-bold tracking-widest text-amber-700">{status}</p>}
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{title}</h1>
      {text ? <p className="mt-4 text-lg text-slate-600">{text}</p> : null}
      {unavailable && !ui ? (
        <>
          <p className="mt-4 text-lg text-slate-600">{UNAVAILABLE_FALLBACK.en}</p>
          <p className="mt-2 text-lg text-slate-600" lang="ar" dir="rtl">
            {UNAVAILABLE_FALLBACK.ar}
          </p>
        </>
      ) : null}
      {!notFound && !connection && requestId ? (
        <p className="mt-4 text-sm text-slate-600" data-testid="request-id">
          {fill(ui?.errors.reference ?? "Reference: {id}", { id: requestId })}
        </p>
      ) : null}
      {connection ? (
        <Button type="button" className="mt-8" onClick={() => window.location.reload()} data-testid="connection-lost">
          {ui?.submit.connectionRetry ?? "Try again"}
        </Button>
      ) : (
        <ButtonLink to={localizePath(lang, "/")} className="mt-8">
          {ui?.errors.backHome ?? "Return to Home"}
        </ButtonLink>
      )}
    </div>
  );
}

function isChunkLoadFailure(error: unknown) {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}
