import type { PersonRole } from './schemas/index.ts';
import type { QueryValue } from './http.ts';
import { expandQuery } from './expand.ts';

/**
 * The parameters of the client's methods: camelCase, dates as `Date | string`, lists as arrays.
 * `toWire…` turn them into the query string the service reads (service.md "Shared query
 * parameters", decisions §4).
 */

/** A date filter bound: a `Date`, or an ISO 8601 string (`2026-03-01T08:00:00Z`, `2026-03-01`). */
export type DateParam = Date | string;

export interface PageParams {
  /** 1-based, default 1. */
  page?: number;
  /** 1–1000, default 100. */
  pageSize?: number;
}

export interface ExpandParams<E extends string> {
  expand?: readonly E[];
}

export interface CreatedRangeParams {
  createdOnStart?: DateParam;
  createdOnEnd?: DateParam;
}

export interface ModifiedRangeParams {
  modifiedOnStart?: DateParam;
  modifiedOnEnd?: DateParam;
}

/** E1, E5, E7 without `expand`. `identifiers` filters by student; an empty array is not sent (no filter). */
export interface NotationFilters extends PageParams, CreatedRangeParams, ModifiedRangeParams {
  identifiers?: readonly string[];
}
export type NotationListParams<E extends string> = NotationFilters & ExpandParams<E>;

/** E10 without `expand`: no creation range, no identifiers (service.md). */
export interface EncouragementFilters extends PageParams, ModifiedRangeParams {}
export type EncouragementListParams<E extends string> = EncouragementFilters & ExpandParams<E>;

/** E17. */
export interface AdministrationListParams extends PageParams {
  /** Only the administrations in which this person is a respondent. */
  personIdentifier?: string;
}

/** Extension `GET /people/`. */
export interface PeopleListParams extends PageParams {
  role?: PersonRole;
  /** Name search. */
  q?: string;
  /** Only these people (up to 1000; unknown identifiers are simply absent). */
  identifiers?: readonly string[];
}

export type WireQuery = Record<string, QueryValue>;

/** A date bound as sent: a `Date` as its ISO string, a string as given. */
export function wireDate(value: DateParam | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (Number.isNaN(value.getTime())) throw new RangeError('invalid Date in a date filter');
  return value.toISOString();
}

export function wireList(values: readonly string[] | undefined): string | undefined {
  return values && values.length > 0 ? values.join(',') : undefined;
}

export function toWirePage(params: PageParams | undefined): WireQuery {
  return { page: params?.page, pageSize: params?.pageSize };
}

/**
 * E1, E5, E7. `startName` is `createOnStart` for E5, which spells its start parameter with one
 * 'd' fewer (service.md E5); every other operation reads `createdOnStart`.
 */
export function toWireNotationList(
  params: NotationListParams<string> | undefined,
  startName: 'createdOnStart' | 'createOnStart' = 'createdOnStart',
): WireQuery {
  return {
    ...toWirePage(params),
    [startName]: wireDate(params?.createdOnStart),
    createdOnEnd: wireDate(params?.createdOnEnd),
    modifiedOnStart: wireDate(params?.modifiedOnStart),
    modifiedOnEnd: wireDate(params?.modifiedOnEnd),
    identifiers: wireList(params?.identifiers),
    expand: expandQuery(params?.expand),
  };
}

export function toWireEncouragementList(params: EncouragementListParams<string> | undefined): WireQuery {
  return {
    ...toWirePage(params),
    modifiedOnStart: wireDate(params?.modifiedOnStart),
    modifiedOnEnd: wireDate(params?.modifiedOnEnd),
    expand: expandQuery(params?.expand),
  };
}

export function toWireExpand(params: ExpandParams<string> | undefined): WireQuery {
  return { expand: expandQuery(params?.expand) };
}
