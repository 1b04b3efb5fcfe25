import { isBand, BIN_COUNT, type Pick } from '../../lib/percentiles.ts';

/**
 * The cohort page's state in its URL, so that a view can be shared:
 * `flagged=include`, `factor=Resiliency&band=bottom` (or `&bin=4`), `compare=12`,
 * `filter=factor:Resiliency~<~25` (the roster's filter: field, operator, value).
 */
export interface RosterFilterItem {
  field: string;
  operator: string;
  value?: unknown;
}

export interface RosterFilter {
  items: RosterFilterItem[];
}

export function readPick(params: URLSearchParams): { factor: string; pick: Pick } | undefined {
  const factor = params.get('factor');
  if (!factor) return undefined;
  const band = params.get('band');
  if (isBand(band)) return { factor, pick: { band } };
  const bin = params.get('bin');
  if (bin !== null && /^\d{1,2}$/.test(bin) && Number(bin) < BIN_COUNT) return { factor, pick: { bin: Number(bin) } };
  return undefined;
}

export function writePick(params: URLSearchParams, picked: { factor: string; pick: Pick } | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('factor');
  next.delete('band');
  next.delete('bin');
  if (picked) {
    next.set('factor', picked.factor);
    if ('band' in picked.pick) next.set('band', picked.pick.band);
    else next.set('bin', String(picked.pick.bin));
  }
  return next;
}

export function readFilter(params: URLSearchParams): RosterFilter {
  const raw = params.get('filter');
  if (!raw) return { items: [] };
  const [field, operator, ...rest] = raw.split('~');
  if (!field || !operator) return { items: [] };
  const text = rest.join('~');
  // A factor column is numeric: its filter value is a number, as the grid's own input makes it.
  const value = field.startsWith('factor:') && text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  return { items: [{ field, operator, ...(text === '' ? {} : { value }) }] };
}

export function writeFilter(params: URLSearchParams, filter: RosterFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const item = filter.items[0];
  if (item && item.field && item.operator) {
    const value = item.value === undefined || item.value === null ? '' : String(item.value);
    next.set('filter', `${item.field}~${item.operator}~${value}`);
  } else next.delete('filter');
  return next;
}
