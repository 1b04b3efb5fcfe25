import { z } from 'zod';
import { parseDateBound } from '../../lib/dates.ts';

/**
 * Wire schemas of the query parameters (decisions §4). Each takes the raw string and yields the
 * value the repositories use; the same schemas document the parameters in /openapi.json.
 */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

const wholeNumber = z.string().regex(/^\s*\d+\s*$/, 'must be a whole number').transform((s) => Number(s.trim()));

export const pageParam = wholeNumber.pipe(z.number().int().min(1, 'must be 1 or more'));
export const pageSizeParam = wholeNumber.pipe(
  z.number().int().min(1, 'must be 1 or more').max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`),
);

const DATE_MESSAGE = 'must be an ISO 8601 date-time with an offset (2026-03-01T08:00:00Z) or a date (2026-03-01)';
function dateBoundParam(bound: 'start' | 'end') {
  return z.string().transform((s, ctx) => {
    const ms = parseDateBound(s, bound);
    if (ms === null) {
      ctx.addIssue({ code: 'custom', message: DATE_MESSAGE });
      return z.NEVER;
    }
    return ms;
  });
}
export const startParam = dateBoundParam('start');
export const endParam = dateBoundParam('end');

/** Comma-separated names, each one the operation lists (decisions §2). */
export function expandParam<const N extends string>(names: readonly N[]) {
  return z
    .string()
    .transform((s, ctx) => {
      const parts = s.split(',').map((p) => p.trim()).filter((p) => p.length > 0);
      const unknown = parts.filter((p) => !(names as readonly string[]).includes(p));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `cannot expand ${unknown.map((u) => `'${u}'`).join(', ')}; accepted: ${names.join(', ')}`,
        });
        return z.NEVER;
      }
      return new Set(parts as N[]);
    })
    .meta({ description: `comma-separated, any of: ${names.join(', ')}` });
}

/** Comma-separated person identifiers, blanks dropped. */
export const identifiersParam = z
  .string()
  .transform((s) => s.split(',').map((p) => p.trim()).filter((p) => p.length > 0))
  .meta({ description: 'comma-separated student identifiers' });

/** Comma-separated person identifiers, blanks dropped, at most 1000 (`GET /people/`, decisions §9). */
export const personIdentifiersParam = z
  .string()
  .transform((s, ctx) => {
    const parts = s.split(',').map((p) => p.trim()).filter((p) => p.length > 0);
    if (parts.length > MAX_PAGE_SIZE) {
      ctx.addIssue({ code: 'custom', message: `lists at most ${MAX_PAGE_SIZE} identifiers` });
      return z.NEVER;
    }
    return parts;
  })
  .meta({ description: `comma-separated person identifiers, at most ${MAX_PAGE_SIZE}` });

type Shape = Record<string, z.ZodType>;

/** Refuses a range whose start is after its end, naming the start parameter. */
function ordered(pairs: [start: string, end: string][]) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const [start, end] of pairs) {
      const s = value[start];
      const e = value[end];
      if (typeof s === 'number' && typeof e === 'number' && s > e) {
        ctx.addIssue({ code: 'custom', path: [start], message: `must not be after ${end}` });
      }
    }
  };
}

export function querySchema<S extends Shape>(shape: S, ranges: [string, string][] = []) {
  const obj = z.object(
    Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as { [K in keyof S]: z.ZodOptional<S[K]> },
  );
  return ranges.length > 0 ? obj.superRefine(ordered(ranges)) : obj;
}

export const paging = { page: pageParam, pageSize: pageSizeParam };

/** The page asked for, with the contract's defaults (page 1, 100 items). */
export function pageOf(query: { page?: unknown; pageSize?: unknown }): { page: number; pageSize: number } {
  return {
    page: typeof query.page === 'number' ? query.page : 1,
    pageSize: typeof query.pageSize === 'number' ? query.pageSize : DEFAULT_PAGE_SIZE,
  };
}
export const createdRange = { createdOnStart: startParam, createdOnEnd: endParam };
export const modifiedRange = { modifiedOnStart: startParam, modifiedOnEnd: endParam };
