import type { OutcomeGroup } from '../api/schemas/index.ts';
import { paths } from '../app/route-table.ts';

/** Hours as a person reads them: under two days in hours, else in days (the JSON keeps them exact). */
export function formatHours(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 48) return `${hours < 10 ? hours.toFixed(1) : Math.round(hours)} h`;
  return `${(hours / 24).toFixed(1)} d`;
}

/** "4.5" alerts per answered one, or the words for none answered. */
export function formatBurden(group: Pick<OutcomeGroup, 'burden' | 'alerts'>): string {
  if (group.alerts === 0) return '—';
  return group.burden === null ? 'none answered' : group.burden.toFixed(1);
}

export const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((100 * part) / whole)}%`);

/** The triage queue's link to the alerts behind a figure (src/features/alerts/triage/triage-filters.ts reads it). */
export function triageHref(
  window: { from: string; to: string },
  filter: { status?: 'Open' | 'Lowered' | 'all'; category?: number; creator?: string; q?: string } = {},
): string {
  return paths.alerts({
    status: filter.status ?? 'all',
    from: window.from,
    to: window.to,
    ...(filter.category !== undefined ? { categories: String(filter.category) } : {}),
    ...(filter.creator ? { creator: filter.creator } : {}),
    ...(filter.q ? { q: filter.q } : {}),
  });
}
