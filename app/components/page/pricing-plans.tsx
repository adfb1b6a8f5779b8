import type { PlanListView } from "../../catalogue/plans";
import { formatMoney } from "../../i18n/format";
import { cn } from "../../utils/cn";
import { useLang, usePageUi } from "../../root-data";
import { AddToCartForm } from "../cart/add-to-cart-form";
import { Badge } from "../ui/badge";

const gridColumns: Record<number, string> = {
  1: "sm:grid-cols-1 max-w-md",
  2: "sm:grid-cols-2 max-w-3xl",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
  5: "sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5",
};

/**
 * The pricing-plan section of one plan list: 'Starting from' with the lowest price, a grid whose
 * columns follow the plan count, the popular tier marked, and an Add to cart form per tier.
 */
export function PricingPlans({ plans, buttonLabel }: { plans: PlanListView; buttonLabel?: string | undefined }) {
  const ui = usePageUi();
  const lang = useLang();
  return (
    <div data-plan-list={plans.key}>
      <p className="text-lg text-slate-700">
        {ui.plans.startingFrom}{" "}
        <strong className="text-navy-900 tabular-nums">{formatMoney(plans.lowestPrice, lang)}</strong>
      </p>
      <ul
        className={cn("mt-6 grid gap-6", gridColumns[plans.tiers.length] ?? "sm:grid-cols-2 lg:grid-cols-3")}
        data-plan-count={plans.tiers.length}
      >
        {plans.tiers.map((tier) => (
          <li
            key={tier.id}
            className={cn(
              "relative flex flex-col rounded-xl border bg-white p-6 shadow-sm",
              tier.popular ? "border-amber-400 ring-2 ring-amber-400" : "border-slate-200",
            )}
            data-tier={tier.id}
          >
            {tier.popular ? (
              <Badge tone="amber" className="absolute -top-3 start-6">
                {ui.plans.mostPopular}
              </Badge>
            ) : null}
            <h3 className="text-lg font-bold">{tier.name}</h3>
            <p className="mt-2 text-3xl font-bold text-navy-900 tabular-nums">{formatMoney(tier.price, lang)}</p>
            <p className="mt-2 text-sm text-slate-600">{tier.description}</p>
            <p className="mt-3 text-sm">
              <span className="font-semibold text-navy-900">{ui.plans.delivery}:</span> {tier.delivery}
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700" aria-label={ui.plans.includes}>
              {tier.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <span aria-hidden="true" className="text-green-700">
                    ✓
                  </span>{" "}
                  {feature}
                </li>
              ))}
            </ul>
            <AddToCartForm
              serviceType={plans.key}
              tierId={tier.id}
              variant={tier.popular ? "primary" : "secondary"}
              className="mt-6"
            >
              {buttonLabel ?? ui.plans.addToCart}
            </AddToCartForm>
          </li>
        ))}
      </ul>
    </div>
  );
}
