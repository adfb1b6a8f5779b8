import { Form } from "@remix-run/react";
import { useLocalizedPath } from "../layout/localized-link";
import { Button, type ButtonVariant } from "../ui/button";
import { CsrfField } from "../ui/csrf-field";

/** Signing out is a POST (a link could be triggered by any page or prefetch); returns to the home page. */
export function SignOutForm({
  label,
  variant = "secondary",
  className,
}: {
  label: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const localize = useLocalizedPath();
  return (
    <Form method="post" action={localize("/logout")} className={className}>
      <CsrfField />
      <Button type="submit" variant={variant} size="sm">
        {label}
      </Button>
    </Form>
  );
}
