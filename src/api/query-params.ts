import { z } from 'zod';
import { parseDateBound } from '../lib/dates.ts';
import { boundedText } from './schemas/common.ts';

/**
 * Wire schemas of the path and query parameters (decisions §4), shared by the operation table,
 * the server that validates with them and /openapi.json, whose parameters are their input JSON
 * Schemas (`z.toJSONSchema(…, { io: 'input' })`): each field carries its description and example
 * in `.meta()`, and its checks are the constraints the document states. A parameter arrives as a
 * string; the `preprocess` steps only turn that string into the value the JSON Schema describes
 * (an integer, a list), so the document and the server judge the same value.
 */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
export const MAX_ID = Number.MAX_SAFE_INTEGER;

type Meta = { description: string; example?: unknown };

/** Digits as a number; anything else stays as sent, for the check to refuse. */
const fromDigits = (digits: RegExp) => (value: unknown) => (typeof value === 'string' && digits.test(value) ? Number(value.trim()) : value);

/**
 * A whole number from `min` to `max` (at most 2^53 − 1: a larger one would be rounded by Number,
 * so it is refused, never looked up as another number).
 */
export function wholeNumberParam(min: number, max: number, meta: Meta, digits = /^\s*\d+\s*$/) {
  return z
    .preprocess(
      fromDigits(digits),
      z
        .int({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a whole number' : `must be at most ${max}`) })
        .min(min, `must be ${min} or more`)
        .max(max, `must be at most ${max}`),
    )
    .meta(meta);
}

export const pageParam = wholeNumberParam(1, MAX_ID, { description: 'The page, from 1 (default 1).', example: 1 });
export const pageSizeParam = wholeNumberParam(1, MAX_PAGE_SIZE, {
  description: `Items a page, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
  example: DEFAULT_PAGE_SIZE,
});

/** A path id: a positive integer up to 2^53 − 1, digits only; anything else → 400. */
const idParam = wholeNumberParam(1, MAX_ID, { description: 'A positive integer of at most 9007199254740991; anything else → 400.' }, /^\d+$/);

/**
 * Path parameters by kind (`OperationSpec.pathParams`): `id` is validated (→ 400); `numeric` and
 * `string` are opaque text that names something or not (→ 404).
 */
export const PATH_PARAMS = { id: idParam, numeric: z.string().min(1), string: z.string().min(1) } as const;

/** The bounds the server parses (src/lib/dates.ts); `format` adds the calendar rules. */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}[Tt]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = 'must be an ISO 8601 date-time with an offset (2026-03-01T08:00:00Z) or a date (2026-03-01)';

function dateBoundParam(bound: 'start' | 'end') {
  return z.union([z.stringFormat('date-time', DATE_TIME_PATTERN), z.stringFormat('date', DATE_PATTERN)], { error: DATE_MESSAGE }).transform((s, ctx) => {
    const ms = parseDateBound(s, bound);
    if (ms === null) {
      ctx.addIssue({ code: 'custom', message: DATE_MESSAGE });
      return z.NEVER;
    }
    return ms;
  });
}
const startParam = dateBoundParam('start');
const endParam = dateBoundParam('end');
const START_TEXT = 'a date-time with an offset, or a date (00:00:00Z of that day); inclusive; not after';
const END_TEXT = 'a date-time with an offset, or a date (23:59:59.999Z of that day); inclusive.';

/** A range start; a start after its end → 400 naming the start (JSON Schema cannot say it). */
export const rangeStart = (what: string, end: string, example: string) =>
  startParam.meta({ description: `${what} on or after: ${START_TEXT} \`${end}\` (→ 400).`, example });
export const rangeEnd = (what: string, example: string) => endParam.meta({ description: `${what} on or before: ${END_TEXT}`, example });

/** A comma-separated query value as the list of its parts, spaces around each part ignored. */
const commaList = (value: unknown) => (typeof value === 'string' ? value.split(',').map((p) => p.trim()) : value);

/**
 * `expand`: comma-separated names, each one the operation lists (decisions §2); spaces around a
 * name are ignored, nothing at all is no expansion, and a blank or unknown name → 400.
 */
export function expandParam<const N extends string>(names: readonly N[]) {
  const accepted = names.join(', ');
  return z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? [] : commaList(value)),
      z.array(z.enum(names, { error: (issue) => `cannot expand '${String(issue.input)}'; accepted: ${accepted}` })),
    )
    .transform((parts) => new Set(parts))
    .meta({
      description: `Link properties to expand, comma-separated, any of: ${accepted} (decisions §2). Any other name → 400.`,
      example: names.slice(0, 2),
    });
}

/** The names an `expand` schema made by `expandParam` accepts. */
export function expandNames(schema: z.ZodType): string[] {
  const items = (z.toJSONSchema(schema, { io: 'input' }) as { items?: { enum?: string[] } }).items;
  return items?.enum ?? [];
}

/**
 * Comma-separated identifiers, blanks dropped; `max` bounds the parts listed. Given, it names at
 * least one (#31 item 17): `identifiers=` naming nobody is refused rather than read as everyone.
 */
function identifierList(max: number | undefined, meta: Meta) {
  const nonBlank = (value: unknown) => {
    const parts = commaList(value);
    return Array.isArray(parts) ? parts.filter((p) => p.length > 0) : parts;
  };
  const list = z.array(z.string().min(1)).min(1, 'names no identifier; leave it out for everyone, or name at least one');
  return z.preprocess(nonBlank, max === undefined ? list : list.max(max, `lists at most ${max} identifiers`)).meta(meta);
}

export const identifiersParam = identifierList(undefined, {
  description: 'Only the notations of these students, comma-separated (blanks dropped).',
  example: ['S000123', 'S000124'],
});
/** `GET /people/` (decisions §9). */
export const personIdentifiersParam = identifierList(MAX_PAGE_SIZE, {
  description: `Only these people, comma-separated (up to ${MAX_PAGE_SIZE}); unknown identifiers are simply absent.`,
  example: ['S000123', 'E0042'],
});

/** Free text of at most `max` characters (code points). */
export const textParam = (max: number, meta: Meta) => boundedText(max).meta(meta);

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
  const obj = z.object(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as { [K in keyof S]: z.ZodOptional<S[K]> });
  return ranges.length > 0 ? obj.superRefine(ordered(ranges)) : obj;
}

export const paging = { page: pageParam, pageSize: pageSizeParam };
export const createdRange = {
  createdOnStart: rangeStart('Created', 'createdOnEnd', '2026-03-01'),
  createdOnEnd: rangeEnd('Created', '2026-05-31'),
};
export const modifiedRange = {
  modifiedOnStart: rangeStart('Last modified (created, commented or status changed)', 'modifiedOnEnd', '2026-04-01'),
  modifiedOnEnd: rangeEnd('Last modified', '2026-05-31T23:59:59Z'),
};
