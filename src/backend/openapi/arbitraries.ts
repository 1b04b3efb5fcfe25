import fc from 'fast-check';

/**
 * fast-check arbitraries driven by the JSON Schemas of /openapi.json, for the property-based run
 * (property.test.ts): values the document says are valid, and values it says are not. Only the
 * keywords the document uses are understood; anything else throws, so that a schema the run cannot
 * read is noticed rather than silently skipped.
 */

// A JSON Schema node of the document, walked structurally.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Schema = any;

/** `#/components/schemas/X` → the schema, through any chain of `$ref`s. */
export type Resolve = (schema: Schema) => Schema;

export function resolverOf(doc: Schema): Resolve {
  const resolve: Resolve = (schema) => {
    if (!schema?.$ref) return schema;
    const path = String(schema.$ref).replace(/^#\//, '').split('/');
    return resolve(path.reduce((node: Schema, key) => node[key], doc));
  };
  return resolve;
}

const MAX_GENERATED_ITEMS = 4;
/** Long strings are generated up to this many characters, plus one at the maximum itself. */
const MAX_GENERATED_TEXT = 60;

function integerArb(min: number, max: number): fc.Arbitrary<number> {
  const small = fc.integer({ min, max: Math.min(max, min + 30) });
  const any = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
  return fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: any, weight: 1 }, { arbitrary: fc.constantFrom(min, max), weight: 1 });
}

const instant = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T23:59:59Z'), noInvalidDate: true });
const offset = fc.constantFrom('Z', 'z', '+02:00', '-05:30', '+00:00');
const dateTime = fc.tuple(instant, offset, fc.constantFrom('full', 'seconds', 'minutes')).map(([d, zone, precision]) => {
  const iso = d.toISOString();
  const body = precision === 'full' ? iso.slice(0, 23) : precision === 'seconds' ? iso.slice(0, 19) : iso.slice(0, 16);
  return `${body}${zone}`;
});
const date = instant.map((d) => d.toISOString().slice(0, 10));

function stringArb(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return dateTime;
  if (schema.format === 'date') return date;
  const min: number = schema.minLength ?? 0;
  const max: number = schema.maxLength ?? MAX_GENERATED_TEXT;
  // Code points, astral ones included: JSON Schema counts characters as code points.
  const text = fc.oneof(
    { arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(max, MAX_GENERATED_TEXT) }), weight: 4 },
    { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: Math.min(max, MAX_GENERATED_TEXT) }), weight: 4 },
    { arbitrary: fc.string({ unit: fc.constantFrom('😀', 'é', 'a'), minLength: max, maxLength: max }), weight: 1 },
  );
  if (!schema.pattern) return text;
  const pattern = new RegExp(schema.pattern, 'u');
  return text.filter((s) => pattern.test(s));
}

/** Values valid under `schema` (as the document says). */
export function validArb(schema: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.anyOf || s.oneOf) return fc.oneof(...((s.anyOf ?? s.oneOf) as Schema[]).map((x) => validArb(x, resolve)));
  switch (s.type) {
    case 'integer':
      return integerArb(s.minimum ?? -1_000_000, s.maximum ?? 1_000_000);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArb(s);
    case 'array': {
      const item = validArb(s.items, resolve);
      const constraints = { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS) };
      return s.uniqueItems ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(item, constraints);
    }
    case 'object': {
      const properties = Object.fromEntries(Object.entries<Schema>(s.properties ?? {}).map(([k, v]) => [k, validArb(v, resolve)]));
      return fc.record(properties, { requiredKeys: s.required ?? [] });
    }
    default:
      throw new Error(`no arbitrary for ${JSON.stringify(s).slice(0, 200)}`);
  }
}

/**
 * Query-string values the document says are invalid for a parameter of this schema (each one
 * breaking exactly one stated rule), or none when every string is valid.
 */
export function invalidQueryValues(schema: Schema): string[] {
  if (schema.anyOf?.every((x: Schema) => x.format === 'date-time' || x.format === 'date')) {
    return ['2026-02-30', '2026-13-01', 'yesterday', '2026-03-01T25:00:00Z', '2026-03-01T08:00:00', '01/03/2026', '2026-3-1', ''];
  }
  if (schema.enum) return ['', 'wizard', `${String(schema.enum[0]).toLowerCase()}x`, `${schema.enum[0]},${schema.enum[0]}`];
  switch (schema.type) {
    case 'integer':
      return ['abc', '1.5', '1e3', '-1', '', 'true', String(schema.minimum - 1), String(BigInt(schema.maximum) + 1n), '9007199254740993'];
    case 'array': {
      const values: string[] = [];
      if (schema.items?.enum) values.push('nope', `${schema.items.enum[0]},nope`, `${schema.items.enum[0]},`, ',', String(schema.items.enum[0]).toUpperCase());
      if (schema.maxItems !== undefined) values.push(Array.from({ length: schema.maxItems + 1 }, (_, i) => `X${i}`).join(','));
      return values;
    }
    case 'string':
      return schema.maxLength !== undefined ? ['x'.repeat(schema.maxLength + 1), '😀'.repeat(schema.maxLength + 1)] : [];
    default:
      return [];
  }
}

/** Path values the document says are invalid (an integer id: anything but 1…2^53−1). */
export function invalidPathValues(schema: Schema): string[] {
  return schema.type === 'integer' ? ['0', '-1', 'abc', '1.5', '1e3', '9007199254740992', '9007199254740993', '12x'] : [];
}

/** One way of breaking a body, and the body it makes. */
export interface BrokenBody {
  why: string;
  body: unknown;
}

/**
 * Bodies the document says are invalid, each derived from a valid `base` by breaking one rule:
 * a missing required field, an unknown field (at any depth), a wrong type, a string or list that
 * breaks its bounds, a repeated item of a unique list, an enum value that is not listed.
 */
export function brokenBodies(schema: Schema, base: unknown, resolve: Resolve, where = 'body'): BrokenBody[] {
  const s = resolve(schema);
  const out: BrokenBody[] = [];
  const wrongType = s.type === 'string' ? 42 : s.type === 'array' || s.type === 'object' ? 'text' : 'text';
  if (s.type) out.push({ why: `${where}: wrong type`, body: wrongType });
  if (s.enum) out.push({ why: `${where}: not in the enum`, body: 'NotListed' });
  if (s.type === 'string') {
    if (s.maxLength !== undefined) out.push({ why: `${where}: too long`, body: 'y'.repeat(s.maxLength + 1) });
    if (s.pattern === '\\S') out.push({ why: `${where}: blank`, body: '   ' });
  }
  if (s.type === 'array' && Array.isArray(base)) {
    if (s.maxItems !== undefined && base.length > 0) out.push({ why: `${where}: too many items`, body: Array.from({ length: s.maxItems + 1 }, () => base[0]) });
    if (s.uniqueItems && base.length > 0) out.push({ why: `${where}: a repeated item`, body: [base[0], base[0]] });
    if (base.length > 0) {
      for (const broken of brokenBodies(s.items, base[0], resolve, `${where}[0]`)) out.push({ why: broken.why, body: [broken.body, ...base.slice(1)] });
    }
  }
  if (s.type === 'object' && base && typeof base === 'object' && !Array.isArray(base)) {
    const record = base as Record<string, unknown>;
    if (s.additionalProperties === false) out.push({ why: `${where}: an unknown field`, body: { ...record, unexpectedField: 1 } });
    for (const key of s.required ?? []) {
      const { [key]: _, ...rest } = record;
      out.push({ why: `${where}.${key}: missing`, body: rest });
    }
    for (const [key, child] of Object.entries<Schema>(s.properties ?? {})) {
      if (!(key in record)) continue;
      for (const broken of brokenBodies(child, record[key], resolve, `${where}.${key}`)) out.push({ why: broken.why, body: { ...record, [key]: broken.body } });
    }
  }
  return out;
}
