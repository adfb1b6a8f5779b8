import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ButtonLink } from "../components/ui/button";
import { Container } from "../components/ui/section";
import { langParam } from "../utils/http.server";
import { metaFromLoader } from "../utils/meta";

export function loader({ params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const content =
    lang === "ar"
      ? { title: "خدمات قانونية موثوقة في الإمارات", lead: "فحص حظر السفر، والتحقق من الخلفية، ومراجعة العقود، وتأسيس الشركات." }
      : { title: "Legal intelligence for the UAE and the GCC", lead: "Travel ban checks, background checks, contract review and company formation." };
  return {
    content,
    meta: { title: lang === "ar" ? "الرئيسية" : "Home", description: content.lead },
  };
}

export const meta = metaFromLoader;

export default function Home() {
  const { content } = useLoaderData<typeof loader>();
  return (
    <Container className="py-16">
      <h1 className="text-4xl font-bold">{content.title}</h1>
      <p className="mt-4 text-lg text-slate-600">{content.lead}</p>
      <ButtonLink to="/ban-checks/travel-ban-check" className="mt-8">
        Check Travel Status
      </ButtonLink>
    </Container>
  );
}
