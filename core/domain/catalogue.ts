/** Rules over the course catalogue (content/catalogue/courses.json). */
import type { AvailableDate } from '../content/schema';

/**
 * The sittings onboarding offers on `today` (ISO date, Chile time): those not marked past whose
 * date has not gone by, in catalogue order, plus the undated entries ("Otra"). A sitting stops
 * being offered on its first day even if nobody has marked it past yet.
 */
export function offeredDates(dates: readonly AvailableDate[], today: string): AvailableDate[] {
  return dates.filter((entry) => !entry.past && (!entry.date || entry.date > today));
}
