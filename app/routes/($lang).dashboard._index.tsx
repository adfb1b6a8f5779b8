import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountHeader } from "../components/account/account-header";
import { VerificationCard } from "../components/account/verification-card";
import { useLiveUpdates } from "../components/cases/use-live-updates";
import { DashboardSessionCredits } from "../components/consultations/session-credits";
import { ClientOrders } from "../components/orders/client-orders";
import { Container } from "../components/ui/section";
import { requireUser } from "../auth/session.server";
import { dashboardVersionOf, LIVE_POLL } from "../cases/live.server";
import { accountText } from "../content/accounts.server";
import { consultationText } from "../content/consultations.server";
import { sessionsToBook } from "../consultations/credits.server";
import { fill } from "../i18n/fill";
import { localizePath } from "../i18n/lang";
import { clientDashboardOrders } from "../orders/dashboard.server";
import { pageHead } from "../seo/page-head.server";
import { langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request);
  // Staff and admins work from the back office.
  if (user.role !== "client") throw redirect(localizePath(lang, "/admin"));
  const t = accountText[lang];
  const card = t.verificationCard;
  const [orders, sessions] = await Promise.all([
    clientDashboardOrders(user.id, lang, new URL(request.url)),
    sessionsToBook(user.id, lang),
  ]);
  const version = dashboardVersionOf(orders.changes.orderCount, orders.changes.lastUpdated);
  return {
    orders,
    sessions: { credits: sessions, heading: consultationText[lang].heading },
    // Statuses change on the open dashboard as the team changes them (docs/decisions/067).
    live: { url: "/live/dashboard", version, ...LIVE_POLL },
    meta: pageHead(request, t.dashboard.meta),
    verified: user.emailVerified,
    header: {
      title: t.dashboard.title,
      welcome: fill(t.dashboard.welcome, { name: user.fullName || user.email }),
      settingsLabel: t.dashboard.settings,
      signOutLabel: t.dashboard.signOut,
    },
    verificationText: {
      ...card,
      verifiedText: fill(card.verifiedText, { email: user.email }),
      unverifiedText: fill(card.unverifiedText, { email: user.email }),
    },
  };
}

export const meta = metaFromLoader;

export default function Dashboard() {
  const { header, verified, verificationText, orders, sessions, live } = useLoaderData<typeof loader>();
  useLiveUpdates(live);
  return (
    <Container className="space-y-6 py-10">
      <AccountHeader {...header} />
      <VerificationCard verified={verified} text={verificationText} returnTo="/dashboard" />
      <DashboardSessionCredits credits={sessions.credits} heading={sessions.heading} />
      <ClientOrders data={orders} />
    </Container>
  );
}
