/**
 * The names of the weekly-hours form's fields, shared by the page (which renders them in the
 * browser too) and the server's schema: a few rows of hours per weekday (decision 100).
 */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** Rows of hours the form offers each weekday (e.g. 09:00–13:00 and 14:00–18:00); empty rows are ignored. */
export const STRETCHES_PER_DAY = 3;
export const STRETCHES = Array.from({ length: STRETCHES_PER_DAY }, (_, n) => n);
export const startField = (day: number, n: number) => `start${day}_${n}`;
export const endField = (day: number, n: number) => `end${day}_${n}`;
