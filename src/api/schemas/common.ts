import { z } from 'zod';

/**
 * Response schemas are loose (unknown fields pass through, so a newer service does not break an
 * older client); request bodies are strict (decisions §5: unknown body fields are refused).
 */

export const LinkSchema = z.looseObject({ href: z.string() });
export type Link = z.infer<typeof LinkSchema>;

/** RFC 3339 date-time; the reference backend always answers in UTC with milliseconds. */
export const DateTimeSchema = z.iso.datetime({ offset: true });

export const EnvelopeLinksSchema = z.looseObject({
  first: LinkSchema,
  last: LinkSchema,
  next: LinkSchema.optional(),
  previous: LinkSchema.optional(),
});

/** A resource with an integer id: its own fields, then its `self` link. */
export function resourceOf<Shape extends z.core.$ZodShape>(fields: Shape) {
  return z.looseObject({ id: z.number().int(), ...fields, self: LinkSchema });
}

/** The collection envelope of every list response (service.md "Collection envelope"). */
export function envelopeOf<T extends z.ZodType>(item: T) {
  return z.looseObject({
    page: z.number().int(),
    pageSize: z.number().int(),
    totalValues: z.number().int(),
    self: LinkSchema,
    links: EnvelopeLinksSchema,
    values: z.array(item),
  });
}
export type Envelope<T> = {
  page: number;
  pageSize: number;
  totalValues: number;
  self: Link;
  links: z.infer<typeof EnvelopeLinksSchema>;
  values: T[];
};

/** Page `page` of a collection of `totalValues`, as the service envelopes it; `at(p)` is the link to page p. */
export function pageEnvelope<T>(at: (page: number) => Link, page: number, pageSize: number, totalValues: number, values: T[]): Envelope<T> {
  const last = Math.max(1, Math.ceil(totalValues / pageSize));
  return {
    page,
    pageSize,
    totalValues,
    self: at(page),
    links: {
      first: at(1),
      last: at(last),
      ...(page < last ? { next: at(page + 1) } : {}),
      ...(page > 1 ? { previous: at(Math.min(page - 1, last)) } : {}),
    },
    values,
  };
}

/** An expanded collection property (decisions §2): keeps its href, adds every item. */
export function expandedCollectionOf<T extends z.ZodType>(item: T) {
  return z.looseObject({ href: z.string(), totalValues: z.number().int(), values: z.array(item) });
}

/** An expanded single-resource property (decisions §2): keeps its href, adds the resource. */
export function expandedResourceOf<Shape extends z.core.$ZodShape, Config extends z.core.$ZodObjectConfig>(resource: z.ZodObject<Shape, Config>) {
  return resource.extend({ href: z.string() });
}

/** A person reference in a request body. */
/** A person identifier in a body: trimmed; the pattern says what the trim does (a blank one is refused). */
export const IdentifierSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100)
  .meta({ pattern: '\\S', examples: ['S000123'] });

export const IdentifierRefSchema = z.strictObject({ identifier: IdentifierSchema });
export type IdentifierRef = z.infer<typeof IdentifierRefSchema>;

/** Characters as a person counts them: code points, so an emoji is one, not two UTF-16 units. */
export const characterCount = (s: string): number => {
  let n = 0;
  for (const _ of s) n += 1;
  return n;
};

/** Text of at most `max` characters, counted as code points, as JSON Schema's maxLength counts them. */
export const boundedText = (max: number) =>
  z
    .string()
    .refine((s) => characterCount(s) <= max, `must be at most ${max} characters`)
    .meta({ maxLength: max });

/** Text that must carry something: `min`–`max` characters once trimmed, stored as sent. */
export function trimmedText(max: number, min = 1) {
  return (
    z
      .string()
      .refine((s) => characterCount(s.trim()) >= min, min === 1 ? 'must not be blank' : `must be at least ${min} characters after trimming`)
      .refine((s) => characterCount(s.trim()) <= max, `must be at most ${max} characters after trimming`)
      // What the refinements check, for /openapi.json (the server counts after trimming).
      .meta({ minLength: min, maxLength: max, pattern: '\\S', description: `${min}–${max} characters once trimmed; not blank` })
  );
}

/** 1–10,000 characters once trimmed (decisions §7). */
export const DetailsSchema = trimmedText(10_000);
