import type { TurnaroundUnit } from "../../db/schema/orders";

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
