import { eq } from "drizzle-orm";
import { orderItems, orders, type OrderStatus, type TurnaroundUnit } from "../../db/schema";
import { findTierOfService, isSpeed, turnaroundAtSpeed, turnaroundOfficeMinutes, type Turnaround } from "../catalogue";
import type { Queryable } from "../db.server";
import { getEnv } from "../env.server";
import { holidaySet } from "./holidays.server";
import {
  addOfficeMinutes,
  DEFAULT_OFFICE_SCHEDULE,
  officeDayMinutes,
  parseOpeningHours,
  type OfficeSchedule,
} from "./office-time";

/** The office's schedule: Sunday to Thursday, Gulf time, with the configured opening hours. */
export function officeSchedule(): OfficeSchedule {
  const hours = parseOpeningHours(getEnv().OFFICE_OPENING_HOURS);
  return hours ? { ...DEFAULT_OFFICE_SCHEDULE, ...hours } : DEFAULT_OFFICE_SCHEDULE;
}

/** The office's schedule with the public holidays admins keep (closed on those dates). */
export async function officeScheduleWithHolidays(q: Queryable, from = new Date()): Promise<OfficeSchedule> {
  return { ...officeSchedule(), holidays: await holidaySet(q, from) };
}

type LineRef = {
  serviceKey: string;
  tierId: string;
  speed?: string | null;
  turnaroundValue: number | null;
  turnaroundUnit: TurnaroundUnit | null;
};

/**
 * A line's promised turnaround: as stored when it was sold, else the catalogue's at the line's
 * speed (lines sold before turnarounds were kept).
 */
export function lineTurnaround(line: LineRef): Turnaround | null {
  if (line.turnaroundValue !== null && line.turnaroundUnit !== null)
    return { value: line.turnaroundValue, unit: line.turnaroundUnit };
  const tier = findTierOfService(line.serviceKey, line.tierId);
  return tier ? turnaroundAtSpeed(tier.turnaround, isSpeed(line.speed) ? line.speed : "standard") : null;
}

/** The due time of lines worked from `start`: the slowest line's promise, in office time. Null when no line promises one. */
export function dueTimeOf(lines: readonly LineRef[], start: Date, schedule = officeSchedule()): Date | null {
  const minutes = lines
    .map(lineTurnaround)
    .filter((t): t is Turnaround => t !== null)
    .map((t) => turnaroundOfficeMinutes(t, officeDayMinutes(schedule)));
  if (minutes.length === 0) return null;
  return addOfficeMinutes(start, Math.max(...minutes), schedule);
}

/** The due time pushed back by `days` business days (an accepted request for more time). */
export function extendDueTime(dueAt: Date, days: number, schedule = officeSchedule()): Date {
  return addOfficeMinutes(dueAt, days * officeDayMinutes(schedule), schedule);
}

/**
 * Starts the turnaround clock of a paid order: its due time is the slowest line's promise from
 * `paidAt`. Called in the transaction that marks the order paid; an order already due keeps its time.
 */
export async function startTurnaroundClock(tx: Queryable, orderId: string, paidAt: Date) {
  const lines = await tx
    .select({
      serviceKey: orderItems.serviceKey,
      tierId: orderItems.tierId,
      speed: orderItems.speed,
      turnaroundValue: orderItems.turnaroundValue,
      turnaroundUnit: orderItems.turnaroundUnit,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const dueAt = dueTimeOf(lines, paidAt, await officeScheduleWithHolidays(tx, paidAt));
  if (dueAt) await tx.update(orders).set({ dueAt }).where(eq(orders.id, orderId));
  return dueAt;
}

/** Statuses whose cases are still to be delivered (and so can be late). */
export const OPEN_STATUSES = ["pending", "processing"] as const satisfies readonly OrderStatus[];

export function isOpenStatus(status: OrderStatus) {
  return (OPEN_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Late: due, still open, and the due time has passed. */
export function isOverdue(order: { dueAt: Date | null; status: OrderStatus }, now = new Date()) {
  return order.dueAt !== null && isOpenStatus(order.status) && order.dueAt.getTime() < now.getTime();
}
