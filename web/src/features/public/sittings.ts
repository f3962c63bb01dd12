/** The next PAES sitting of the bundled catalogue, for the pitch of the public pages. */
import { chileToday, onboardingDates } from '@core/domain/onboarding';
import { bundledCatalogue, daysUntil } from '../../app/catalogue';
import { formatCalendarDay } from '../../app/dates';

export interface NextSitting {
  label: string;
  /** `30 de noviembre de 2026`. */
  date: string;
  daysLeft: number;
}

/** The first upcoming dated PAES sitting, or null when the catalogue lists none ahead. */
export function nextPaesSitting(today: string = chileToday()): NextSitting | null {
  const catalogue = bundledCatalogue('paes');
  const next = catalogue ? onboardingDates(catalogue, today).find((entry) => entry.date) : undefined;
  if (!next?.date) return null;
  return { label: next.label, date: formatCalendarDay(next.date), daysLeft: daysUntil(next.date, today) };
}
