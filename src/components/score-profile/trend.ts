/** A student's factors over time: the factors at least two of their administrations share. */
export interface TrendPoint {
  administrationId: number;
  title: string;
  startDate: string;
}

export interface Trend {
  /** Oldest first. */
  points: TrendPoint[];
  /** One series per shared factor; null where that administration has no score for it. */
  factors: { name: string; values: (number | null)[]; flagged: boolean[] }[];
}

interface Input {
  administration: { id: number; title: string; startDate: string };
  results: readonly { score: number; validityConcern: boolean; factor: { name: string } }[];
}

export function sharedFactorTrend(inputs: readonly Input[]): Trend {
  const ordered = [...inputs].sort(
    (a, b) => Date.parse(a.administration.startDate) - Date.parse(b.administration.startDate) || a.administration.id - b.administration.id,
  );
  const seen = new Map<string, number>();
  for (const input of ordered) for (const name of new Set(input.results.map((r) => r.factor.name))) seen.set(name, (seen.get(name) ?? 0) + 1);
  const names = [...seen].filter(([, n]) => n >= 2).map(([name]) => name);
  return {
    points: ordered.map((i) => ({ administrationId: i.administration.id, title: i.administration.title, startDate: i.administration.startDate })),
    factors: names.map((name) => ({
      name,
      values: ordered.map((i) => i.results.find((r) => r.factor.name === name)?.score ?? null),
      flagged: ordered.map((i) => i.results.find((r) => r.factor.name === name)?.validityConcern ?? false),
    })),
  };
}
