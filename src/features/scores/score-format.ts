// One formatter for every count: `toLocaleString` builds a new one per call, which a cohort's
// thousands of figures and labels paid for each time.
const COUNT = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => COUNT.format(n);

/** "1 respondent", "3,021 respondents". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A positive integer from the URL, else undefined (`page=abc` is page 1, not an error page). */
export function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/** Statuses the seed data uses (decisions §8); others are shown as they come. */
export const KNOWN_STATUSES = ['Scheduled', 'Open', 'Closed'] as const;

/** A status chip's colour: an open administration stands out, every other status is neutral (its words say it). */
export function statusColor(status: string): 'success' | 'default' {
  return status === 'Open' ? 'success' : 'default';
}
