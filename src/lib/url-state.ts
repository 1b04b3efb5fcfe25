import { z } from 'zod';

/**
 * Filters in the URL, one way for every page: each parameter is read with a zod schema, a list
 * is one parameter with comma-separated values (`categories=3,7`), and a value that does not
 * parse is dropped and named, never thrown. Older spellings of a parameter (`category=3&category=7`)
 * are still read; `hasLegacySpelling` tells the page to write the URL again in the one spelling.
 */

/** A positive id as the service numbers things (categories). */
export const idSchema = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().positive());

export interface ListParam<T> {
  /** The parameter's name in the URL. */
  name: string;
  /** Each value's schema. */
  item: z.ZodType<T, string>;
  /** Older names still read (each possibly repeated, each possibly comma-separated). */
  legacy?: readonly string[];
}

/** The raw parts of a list parameter, old spellings included, split on commas, trimmed, empties dropped. */
function parts(params: URLSearchParams, names: readonly string[]): string[] {
  return names
    .flatMap((name) => params.getAll(name))
    .flatMap((value) => value.split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The values of a list parameter that parse (deduplicated, in URL order), and the parts that did not. */
export function readList<T>(params: URLSearchParams, spec: ListParam<T>): { values: T[]; rejected: string[] } {
  const values: T[] = [];
  const rejected: string[] = [];
  for (const part of parts(params, [spec.name, ...(spec.legacy ?? [])])) {
    const parsed = spec.item.safeParse(part);
    if (parsed.success) {
      if (!values.includes(parsed.data)) values.push(parsed.data);
    } else {
      rejected.push(part);
    }
  }
  return { values, rejected };
}

/** `params` with the list written in its one spelling (`name=a,b`), old spellings removed; empty: absent. */
export function writeList<T>(params: URLSearchParams, spec: ListParam<T>, values: readonly T[]): URLSearchParams {
  for (const name of [spec.name, ...(spec.legacy ?? [])]) params.delete(name);
  if (values.length > 0) params.set(spec.name, values.map(String).join(','));
  return params;
}

/**
 * True when the URL spells a list parameter the old way and every value of it reads: the page
 * writes it again in the one spelling (replace, not push). A value that does not read stays, so
 * the page keeps saying what it ignored.
 */
export function hasLegacySpelling(params: URLSearchParams, specs: readonly ListParam<unknown>[]): boolean {
  return specs.some((spec) => (spec.legacy ?? []).some((name) => params.has(name)) && readList(params, spec).rejected.length === 0);
}

/** Category filters, on every page: `categories=3,7` (and `/alerts`' older `category=3&category=7`). */
export const CATEGORIES_PARAM: ListParam<number> = { name: 'categories', item: idSchema, legacy: ['category'] };

/** The category filter written in: each once, in id order, so one choice of categories is one URL however it was picked. */
export const writeCategories = (params: URLSearchParams, categories: readonly number[]) =>
  writeList(
    params,
    CATEGORIES_PARAM,
    [...new Set(categories)].sort((a, b) => a - b),
  );

/** An optional single text parameter: trimmed, empty means absent. */
export function readText(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value : null;
}
