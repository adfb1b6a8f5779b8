import type { TurnaroundUnit } from "../../db/schema/orders";
import type { Speed } from "./speeds";

/**
 * A promised turnaround, as the catalogue sells it: "results in 2 minutes", "6 hours", "3-5
 * business days" (the longest time named is the promise). Minutes and hours are office time;
 * a business day is one opening of the office (Sunday to Thursday): app/cases/office-time.ts.
 */
export type Turnaround = { value: number; unit: TurnaroundUnit };

export const officeMinutes = (value: number): Turnaround => ({ value, unit: "minutes" });
export const officeHours = (value: number): Turnaround => ({ value, unit: "hours" });
export const businessDays = (value: number): Turnaround => ({ value, unit: "business-days" });

/** The turnaround in minutes of office time, given the length of an opening. */
export function turnaroundOfficeMinutes(turnaround: Turnaround, officeDayMinutes: number): number {
  switch (turnaround.unit) {
    case "minutes":
      return turnaround.value;
    case "hours":
      return turnaround.value * 60;
    case "business-days":
      return turnaround.value * officeDayMinutes;
  }
}

/**
 * The promise at a delivery speed bought through the quote: express is "50% faster" (the time
 * divided by 1.5, rounded up), same-day at most one business day; the standard speed as sold.
 */
export function turnaroundAtSpeed(turnaround: Turnaround, speed: Speed | null | undefined): Turnaround {
  if (speed === "express") return { ...turnaround, value: Math.max(1, Math.ceil(turnaround.value / 1.5)) };
  if (speed === "same-day" && turnaround.unit === "business-days") return { value: 1, unit: "business-days" };
  return turnaround;
}
