import type { z } from 'zod';

/** What each expandable link property becomes when expanded (`UpdateExpansions` and friends). */
export type ExpansionMap = { readonly [name: string]: z.ZodType };

/**
 * `Omit` that keeps the declared properties of a loose object type. (The built-in `Omit` maps
 * over `keyof T`, which for `{ id: number; [k: string]: unknown }` is just `string | number`, and
 * so would drop every declared property.)
 */
export type OmitKeys<T, K extends PropertyKey> = { [P in keyof T as P extends K ? never : P]: T[P] };

/**
 * `T` with the properties named in `E` replaced by their expanded shapes from `M`. Without
 * expansions it is `T` itself.
 */
export type Expanded<T, M extends ExpansionMap, E extends keyof M> = [E] extends [never] ? T : OmitKeys<T, E> & { [K in E]: z.infer<M[K]> };

/** The names of `M` that may be listed in `expand`. */
export type ExpandName<M extends ExpansionMap> = keyof M & string;

const cache = new WeakMap<z.ZodObject, Map<string, z.ZodObject>>();

/**
 * The runtime schema of `Expanded<…>`: the base schema `.extend`ed with the expanded shapes of
 * the names asked for (memoised per base schema and set of names).
 */
export function expandedSchema(base: z.ZodObject, map: ExpansionMap, expand: readonly string[] | undefined): z.ZodObject {
  const names = [...new Set(expand ?? [])].sort();
  if (names.length === 0) return base;
  const key = names.join(',');
  let byKey = cache.get(base);
  if (!byKey) {
    byKey = new Map();
    cache.set(base, byKey);
  }
  let schema = byKey.get(key);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const name of names) {
      const expanded = Object.hasOwn(map, name) ? map[name] : undefined;
      // An unknown name is the server's to refuse (400 naming the accepted ones).
      if (expanded) shape[name] = expanded;
    }
    schema = base.extend(shape);
    byKey.set(key, schema);
  }
  return schema;
}

/** The wire form of `expand`: names joined by commas, or nothing. */
export function expandQuery(expand: readonly string[] | undefined): string | undefined {
  return expand && expand.length > 0 ? [...new Set(expand)].join(',') : undefined;
}
