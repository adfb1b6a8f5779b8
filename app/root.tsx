import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { AnalyticsRecorder } from "./components/analytics/analytics-recorder";
import { ChatWidget, loadChatPanel } from "./components/chat/chat-widget";
import { InPageLinks } from "./components/layout/in-page-links";
import { deferred } from "./components/page/deferred";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { Toaster } from "./components/ui/toaster";
import { dirOf, langFromPath } from "./i18n/lang";
import { loadShellData } from "./shell.server";
import stylesheet from "./tailwind.css";
import { useNonce } from "./http/nonce";
import { useRootData } from "./root-data";
import { isSubmitFailure } from "./forms/submit-failure";

// Shown to few visitors (docs/decisions/017-…): its code is a separate chunk, fetched only when the
// notice is on the page and touched; until then its server HTML (a link and a plain form) works as is.
const LanguageSuggestion = deferred(
  () => import("./components/layout/language-suggestion").then((m) => m.LanguageSuggestion),
  "language-suggestion",
  { when: "used" },
);

// The error pages are not on a page's first load either: a server-rendered error page works as
// HTML until touched, and the code is fetched when the browser is idle, so an error met later
// (a navigation the connection dropped) finds it there.
const loadErrorPage = () => import("./components/layout/error-page").then((m) => m.ErrorPage);
const ErrorPage = deferred(loadErrorPage, "error-page", { when: "used" });
// The cart's queue and sender (cart-queue.ts) and the chat panel likewise, so what the visitor does
// after the connection dropped finds their code there.
const loadLater = () => Promise.all([loadErrorPage(), import("./components/cart/cart-queue"), loadChatPanel()]);

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadShellData(request, context);
}

// The shell changes with the language (URL prefix), the user and the cart: re-read it after
// actions and when the language changes, not on every navigation. Not after a submission that
// never got through (app/forms/submission.ts): nothing changed, and the connection is bad.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  actionResult,
  defaultShouldRevalidate,
}) => {
  if (isSubmitFailure(actionResult)) return false;
  if (formMethod && formMethod !== "GET") return true;
  if (langFromPath(currentUrl.pathname) !== langFromPath(nextUrl.pathname)) return true;
  return defaultShouldRevalidate;
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  const location = useLocation();
  const lang = data?.lang ?? langFromPath(location.pathname);
  return (
    <html lang={lang} dir={dirOf(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f1f3d" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const data = useRootData();
  if (!data) return <main id="main">{children}</main>;
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-amber-400 px-4 py-2 font-semibold text-navy-950 focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
      >
        {data.ui.site.skipToContent}
      </a>
      {data.languageSuggestion ? <LanguageSuggestion /> : null}
      <SiteHeader />
      <Toaster />
      <main id="main" className="flex-1">
        {children}
      </main>
      <ChatWidget />
      <SiteFooter />
      <AnalyticsRecorder />
      <InPageLinks />
      <WhenIdle load={loadLater} />
    </>
  );
}

/** Fetches modules the page may need later once the browser is idle (quietly, if offline). */
function WhenIdle({ load }: { load: () => Promise<unknown> }) {
  useEffect(() => {
    (window.requestIdleCallback ?? setTimeout)(() => void load().catch(() => undefined));
  }, [load]);
  return null;
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Shell>
      <ErrorPage status={status} requestId={data?.requestId} error={isRouteErrorResponse(error) ? undefined : error} />
    </Shell>
  );
}

export const meta = ({ error, data }: { error?: unknown; data?: unknown }) => {
  const root = data as
    | {
        site?: { name: string };
        ui?: { errors: { notFoundTitle: string; serverErrorTitle: string; unavailableTitle: string } };
      }
    | undefined;
  const siteName = root?.site?.name ?? "Sanad Legal";
  if (!error) return [{ title: siteName }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  const title = notFound
    ? (root?.ui?.errors.notFoundTitle ?? "Oops! Page not found")
    : unavailable
      ? (root?.ui?.errors.unavailableTitle ?? "Service temporarily unavailable")
      : (root?.ui?.errors.serverErrorTitle ?? "Something went wrong");
  return [{ title: `${title} | ${siteName}` }, { name: "robots", content: "noindex" }];
};
