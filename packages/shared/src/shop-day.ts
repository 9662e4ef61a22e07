// The shop's calendar days, `YYYY-MM-DD`: Dakar is UTC+0 with no summer time, so a day is the
// UTC date. The delivery slots (issue 25 §1) and the cash page (§4) count days with these.
const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * Whether `value` is a day that exists (no 2026-02-30, no month 13), from the year 2000 to 2100:
 * a day past 9999 has no `YYYY-MM-DD` form, so a loop over days from `9999-12-31` would never end.
 */
export function isRealDay(value: string): boolean {
  if (!DAY.test(value)) return false
  const day = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value && day.getUTCFullYear() >= 2000 && day.getUTCFullYear() <= 2100
}

/** The shop's day at `at` (today by default). */
export const shopDay = (at: Date = new Date()) => at.toISOString().slice(0, 10)

/** The day `date` moved by `days` (negative: earlier). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** How many days from `du` to `au` (0 for the same day; negative when `au` is earlier). */
export const daysBetween = (du: string, au: string) => Math.round((Date.parse(`${au}T00:00:00Z`) - Date.parse(`${du}T00:00:00Z`)) / 86_400_000)
