/** The quote calculator slot (home page section 6; also /quote). The cart feature builds the calculator. */
export function QuoteSection() {
  return <div data-quote-slot />;
}
