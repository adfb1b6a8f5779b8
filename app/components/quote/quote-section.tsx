import { useLocation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { computeQuote, isSpeed, type Speed } from "../../catalogue/quote";
import { fill } from "../../i18n/fill";
import { formatMoney, formatNumber } from "../../i18n/format";
import type { QuoteCalculatorData } from "../../quote/quote-types";
import { useLang } from "../../root-data";
import { AddToCartForm } from "../cart/add-to-cart-form";
import { Button, buttonClasses } from "../ui/button";
import { inputClasses } from "../ui/field";
import { Notice } from "../ui/notice";

type Choice = { service: string; tier: string; speed: Speed };

const QUOTE_PARAMS = ["service", "tier", "speed", "update"];

function choiceFromSearch(search: string): Choice & { update: boolean; submitted: boolean } {
  const params = new URLSearchParams(search);
  const speed = params.get("speed");
  return {
    service: params.get("service") ?? "",
    tier: params.get("tier") ?? "",
    speed: isSpeed(speed) ? speed : "standard",
    update: params.has("update"),
    submitted: params.has("service") || params.has("tier"),
  };
}

/** The page's URL with the quote's choices (or without them), so a quote can be shared. */
function urlWithChoice(choice: Choice | null) {
  const url = new URL(window.location.href);
  for (const name of QUOTE_PARAMS) url.searchParams.delete(name);
  if (choice) {
    url.searchParams.set("service", choice.service);
    url.searchParams.set("tier", choice.tier);
    url.searchParams.set("speed", choice.speed);
  }
  return url.pathname + url.search + url.hash;
}

/**
 * The quote calculator (home page section 6 and /quote): service, tier (the list follows the
 * service), speed, Calculate and Reset; the result in 'AED' with an Add to cart button.
 * Without JavaScript it is a GET form: "Update tiers" reloads the tier list and Calculate renders
 * the result on the server, the choices kept in the URL. With JavaScript the tiers follow the
 * service at once, Calculate is enabled only for a valid pair and the result appears instantly.
 */
export function QuoteSection({ calculator }: { calculator: QuoteCalculatorData }) {
  const lang = useLang();
  const location = useLocation();
  const { text } = calculator;
  const [initial] = useState(() => choiceFromSearch(location.search));
  const [service, setService] = useState(initial.service);
  const [tier, setTier] = useState(initial.tier);
  const [speed, setSpeed] = useState<Speed>(initial.speed);
  const [shown, setShown] = useState<Choice | null>(initial.update ? null : initial);
  const [submittedIncomplete, setSubmittedIncomplete] = useState(initial.submitted && !initial.update);
  const [scripted, setScripted] = useState(false);
  // Only after hydration: the server's markup (for visitors without JavaScript) stays as it was.
  useEffect(() => setScripted(true), []);

  const serviceView = calculator.services.find((s) => s.key === service);
  const tierView = serviceView?.tiers.find((t) => t.id === tier);
  const valid = Boolean(tierView);

  const shownService = shown && calculator.services.find((s) => s.key === shown.service);
  const shownTier = shownService?.tiers.find((t) => t.id === shown?.tier);
  const result =
    shown && shownService && shownTier
      ? { ...computeQuote(shownTier.price, shown.speed), service: shownService, tier: shownTier }
      : null;
  const speedLabel = (key: Speed) => calculator.speeds.find((s) => s.key === key)?.label ?? key;

  // A tier chosen for another service is kept (the spec does not reset it) but never used silently.
  const tierProblem =
    serviceView && tier && !tierView ? fill(text.tierNotOffered, { service: serviceView.name }) : null;
  const formProblem = !result && submittedIncomplete && !tierProblem && !valid ? text.missing : null;

  function changed() {
    setShown(null);
    setSubmittedIncomplete(false);
  }

  function calculate(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("name") === "update") return;
    event.preventDefault();
    if (!valid) return;
    const choice = { service, tier, speed };
    setShown(choice);
    window.history.replaceState(window.history.state, "", urlWithChoice(choice));
  }

  function reset() {
    setService("");
    setTier("");
    setSpeed("standard");
    changed();
    window.history.replaceState(window.history.state, "", urlWithChoice(null));
  }

  return (
    <div id="quote-calculator" className="grid gap-8 lg:grid-cols-2" data-testid="quote-calculator">
      <form
        method="get"
        action={`${location.pathname}#quote-calculator`}
        onSubmit={calculate}
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-6"
      >
        {formProblem ? <Notice kind="error" title={formProblem} /> : null}
        <div className="space-y-1">
          <label htmlFor="quote-service" className="block text-sm font-semibold text-navy-900">
            {text.service}
          </label>
          <div className="flex gap-2">
            <select
              id="quote-service"
              name="service"
              value={service}
              onChange={(event) => {
                setService(event.target.value);
                changed();
              }}
              className={inputClasses}
            >
              <option value="">{text.chooseService}</option>
              {calculator.services.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.name}
                </option>
              ))}
            </select>
            {/* Without JavaScript the tier list is reloaded by the server. */}
            <noscript>
              <button
                type="submit"
                name="update"
                value="tiers"
                className={buttonClasses("secondary", "md", "whitespace-nowrap")}
              >
                {text.updateTiers}
              </button>
            </noscript>
          </div>
        </div>

        <div className="space-y-1">
          <label htmlFor="quote-tier" className="block text-sm font-semibold text-navy-900">
            {text.tier}
          </label>
          <select
            id="quote-tier"
            name="tier"
            value={tierView ? tier : ""}
            disabled={!serviceView}
            aria-describedby={tierProblem ? "quote-tier-problem" : undefined}
            aria-invalid={tierProblem ? true : undefined}
            onChange={(event) => {
              setTier(event.target.value);
              changed();
            }}
            className={inputClasses}
          >
            <option value="">{serviceView ? text.chooseTier : text.chooseServiceFirst}</option>
            {serviceView?.tiers.map((t) => (
              <option key={t.id} value={t.id}>
                {`${t.name} — ${formatMoney(t.price, lang)}`}
              </option>
            ))}
          </select>
          {tierProblem ? (
            <p id="quote-tier-problem" className="text-sm font-medium text-red-700">
              {tierProblem}
            </p>
          ) : null}
        </div>

        <fieldset>
          <legend className="text-sm font-semibold text-navy-900">{text.speed}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {calculator.speeds.map((s) => (
              <label
                key={s.key}
                htmlFor={`quote-speed-${s.key}`}
                className="grid min-h-11 cursor-pointer grid-cols-[auto_1fr] items-start gap-x-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-navy-700 has-[:checked]:bg-navy-50"
              >
                <input
                  id={`quote-speed-${s.key}`}
                  type="radio"
                  name="speed"
                  value={s.key}
                  checked={speed === s.key}
                  onChange={() => {
                    setSpeed(s.key);
                    changed();
                  }}
                  className="mt-1"
                />
                <span className="font-semibold text-navy-900">{s.label}</span>
                {/* A visually hidden separator: "Standard: Regular delivery" for readers without CSS. */}
                <span className="sr-only">: </span>
                <span className="col-start-2 text-sm text-slate-600">{s.hint}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={scripted && !valid}>
            {text.calculate}
          </Button>{" "}
          {scripted ? (
            <Button type="button" variant="secondary" onClick={reset}>
              {text.reset}
            </Button>
          ) : (
            <a href={`${location.pathname}#quote-calculator`} className={buttonClasses("secondary")}>
              {text.reset}
            </a>
          )}
        </div>
      </form>

      <div aria-live="polite" data-testid="quote-result">
        {result ? (
          <div className="rounded-xl border border-amber-400 bg-white p-6 ring-2 ring-amber-400">
            <h3 className="text-xl font-bold text-navy-900">{text.resultTitle}</h3>
            <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-600">{text.service}</dt>
              <dd className="font-semibold text-navy-900" data-quote="service">
                {result.service.name}
              </dd>
              <dt className="text-slate-600">{text.tier}</dt>
              <dd className="font-semibold text-navy-900" data-quote="tier">
                {result.tier.name}
              </dd>
              <dt className="text-slate-600">{text.basePrice}</dt>
              <dd className="tabular-nums" data-quote="base-price">
                {formatMoney(result.basePrice, lang)}
              </dd>
              <dt className="text-slate-600">{text.urgency}</dt>
              <dd data-quote="urgency">{speedLabel(result.urgency)}</dd>
              <dt className="text-slate-600">{text.multiplier}</dt>
              <dd className="tabular-nums" data-quote="multiplier">
                ×{formatNumber(result.urgencyMultiplier, lang)}
              </dd>
              <dt className="text-slate-600">{text.delivery}</dt>
              <dd data-quote="delivery">{fill(text.deliveryDays, { days: result.tier.deliveryDays })}</dd>
              <dt className="text-slate-600">{text.savings}</dt>
              <dd className="tabular-nums" data-quote="savings">
                {formatMoney(result.savings, lang)}
              </dd>
              <dt className="text-base font-bold text-navy-900">{text.finalPrice}</dt>
              <dd className="text-2xl font-bold text-navy-900 tabular-nums" data-quote="final-price">
                {formatMoney(result.finalPrice, lang)}
              </dd>
            </dl>
            {/* The cart line keeps the speed: the server prices it with the quote's multiplier. */}
            <AddToCartForm
              serviceType={result.service.key}
              tierId={result.tier.id}
              speed={result.urgency}
              className="mt-6"
            >
              {text.addToCart}
            </AddToCartForm>
          </div>
        ) : null}
      </div>
    </div>
  );
}
