import type { Order } from "../../db/schema";
import { casesText } from "../content/cases.server";
import type { Transaction } from "../db.server";
import { getEnv } from "../env.server";
import { fill } from "../i18n/fill";
import { localizePath, type Lang } from "../i18n/lang";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { shortOrderId } from "../orders/order-basics.server";
import { orderServiceName } from "../orders/order-status.server";

/**
 * E-mails about a case. They say what happened and link to the order; they never carry a message's
 * text or its documents (both stay behind the sign-in).
 */
export type CaseParties = {
  order: Pick<Order, "id" | "lang" | "serviceType" | "legalName">;
  owner: { email: string; fullName: string | null };
  assignee: { email: string; fullName: string | null; lang: Lang } | null;
};

type ClientMail = { kind: string; subject: string; paragraphs: string[] };

/** A mail to the order's client, in the order's language, linking to their order page. */
export async function mailClient(
  tx: Transaction,
  parties: CaseParties,
  build: (text: (typeof casesText)[Lang]["mail"], service: string, lang: Lang) => ClientMail,
) {
  const lang = parties.order.lang;
  const text = casesText[lang].mail;
  const service = await orderServiceName(tx, parties.order.id, lang, parties.order.serviceType);
  const mail = build(text, service, lang);
  const id = shortOrderId(parties.order.id);
  await queueMail(tx, {
    to: parties.owner.email,
    kind: mail.kind,
    ...renderEmail(
      {
        subject: fill(mail.subject, { id }),
        greeting: fill(text.greeting, {
          name: parties.owner.fullName || parties.order.legalName || parties.owner.email,
        }),
        paragraphs: mail.paragraphs,
        details: [
          [text.orderLabel, id],
          [text.serviceLabel, service],
        ],
        action: {
          label: text.action,
          url: `${getEnv().SITE_URL}${localizePath(lang, `/dashboard/orders/${parties.order.id}`)}`,
        },
      },
      lang,
    ),
  });
}

/**
 * A mail to the staff working the case: its assignee (in their language), or the shared staff
 * address (in English) while the case is in the queue. Links to the case page.
 */
export async function mailStaff(
  tx: Transaction,
  parties: CaseParties,
  build: (
    text: (typeof casesText)[Lang]["mail"],
    values: { id: string; service: string; name: string },
    lang: Lang,
  ) => { kind: string; subject: string; body: string },
  to: { email: string; lang: Lang } = parties.assignee ?? { email: getEnv().STAFF_EMAIL, lang: "en" },
) {
  const text = casesText[to.lang].mail;
  const values = {
    id: shortOrderId(parties.order.id),
    service: await orderServiceName(tx, parties.order.id, to.lang, parties.order.serviceType),
    name: parties.order.legalName || parties.owner.fullName || parties.owner.email,
  };
  const mail = build(text, values, to.lang);
  await queueMail(tx, {
    to: to.email,
    kind: mail.kind,
    ...renderEmail(
      {
        subject: fill(mail.subject, values),
        paragraphs: [fill(mail.body, values)],
        action: {
          label: text.staffAction,
          url: `${getEnv().SITE_URL}${localizePath(to.lang, `/admin/orders/${parties.order.id}`)}`,
        },
      },
      to.lang,
    ),
  });
}
