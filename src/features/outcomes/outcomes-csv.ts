import type { Outcomes, OutcomeGroup } from '../../api/schemas/index.ts';
import { toCsv, type CsvValue } from '../../lib/csv.ts';

const HEADER = [
  'group',
  'id',
  'name',
  'alerts',
  'lowered',
  'open',
  'open 0-3 days',
  'open 4-7 days',
  'open 8-14 days',
  'open 15-30 days',
  'open over 30 days',
  'median hours to first comment',
  'p90 hours to first comment',
  'median hours to lowering',
  'p90 hours to lowering',
  'closed without contact',
  'answered in time',
  'burden',
];

const figures = (g: OutcomeGroup): CsvValue[] => [
  g.alerts,
  g.lowered,
  g.open,
  g.openAgeBuckets['0-3'],
  g.openAgeBuckets['4-7'],
  g.openAgeBuckets['8-14'],
  g.openAgeBuckets['15-30'],
  g.openAgeBuckets['>30'],
  g.medianHoursToFirstComment ?? '',
  g.p90HoursToFirstComment ?? '',
  g.medianHoursToLowering ?? '',
  g.p90HoursToLowering ?? '',
  g.closedWithoutContact,
  g.answered,
  g.burden ?? '',
];

/** Every figure of the page as one CSV: one row per group, exact hours. */
export function outcomesCsvRows(o: Outcomes): CsvValue[][] {
  return [
    HEADER,
    ['overall', '', `${o.from} to ${o.to}`, ...figures(o.overall)],
    ...o.categories.map((c) => ['category', c.id, c.name, ...figures(c)]),
    ...o.triggers.map((t) => ['trigger', t.id, t.name, ...figures(t)]),
    ...o.raisers.map((r) => ['raiser', r.identifier, r.identifier, ...figures(r)]),
    ...o.weeks.map((w) => ['week', w.week, `week of ${w.week}`, ...figures(w)]),
  ];
}

export const outcomesCsv = (o: Outcomes): string => toCsv(outcomesCsvRows(o));
