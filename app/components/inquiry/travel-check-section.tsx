/** The travel-ban check slot: Check Status Now, the static card, the check form. The lead-capture feature builds it. */
export function TravelCheckSection() {
  return <div data-travel-check-slot />;
}
