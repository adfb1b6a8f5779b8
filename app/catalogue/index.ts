/**
 * The catalogue: the single source of services, plan tiers, prices (integer fils), quote rules and
 * advertised figures. Import it from loaders and actions; browser code gets what it needs from them
 * (except quote.ts, which is pure arithmetic and safe to bundle).
 */
export * from "./services";
export * from "./plans";
export * from "./quote";
export * from "./quote-tiers";
export * from "./marketing";
export * from "./consultations";
export * from "./turnaround";
