import { Button } from "../ui/button";
import { ResilientForm } from "../forms/resilient-form";

/** Mark contacted / closed / reopen: small forms posting to the inbox's action. */
export function InquiryStatusButtons({
  id,
  status,
  returnTo,
  text,
}: {
  id: string;
  status: string;
  returnTo: string;
  text: { markContacted: string; markClosed: string; reopen: string };
}) {
  const next: Array<[string, string]> =
    status === "new"
      ? [
          ["contacted", text.markContacted],
          ["closed", text.markClosed],
        ]
      : status === "contacted"
        ? [["closed", text.markClosed]]
        : [["new", text.reopen]];
  return (
    <>
      {next.map(([value, label]) => (
        <ResilientForm key={value} method="post" action={localizeAction(returnTo)}>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="status" value={value} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button type="submit" variant="secondary" size="sm">
            {label}
          </Button>
        </ResilientForm>
      ))}
    </>
  );
}

// The inbox's action handles status changes from the list and from an inquiry's page.
function localizeAction(returnTo: string) {
  return returnTo.startsWith("/ar/") ? "/ar/admin/inquiries" : "/admin/inquiries";
}
