import { Badge, statusTone, type BadgeTone } from "../ui/badge";

/**
 * An order's status as a coloured badge with its name (completed green, processing blue, pending
 * yellow, cancelled red, anything else grey). The text carries the meaning; colour only reinforces it.
 */
export function OrderStatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge tone={statusTone(status)} className="gap-1.5">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label}
    </Badge>
  );
}

const paymentTones: Record<string, BadgeTone> = {
  paid: "green",
  unpaid: "yellow",
  failed: "red",
  partially_refunded: "amber",
  refunded: "grey",
};

export function PaymentStatusBadge({ status, label }: { status: string; label: string }) {
  return <Badge tone={paymentTones[status] ?? "grey"}>{label}</Badge>;
}
