/**
 * Text order as `String.prototype.localeCompare` gives it, with one collator kept per sensitivity:
 * `localeCompare` with options builds a new collator on every call, which made sorting the
 * category list a 36 ms task on a four-times-slower phone. Built on first use, not at load.
 */
let byVariant: Intl.Collator | undefined;
let byBase: Intl.Collator | undefined;

/** `a.localeCompare(b)`. */
export const compareText = (a: string, b: string): number => (byVariant ??= new Intl.Collator()).compare(a, b);

/** `a.localeCompare(b, undefined, { sensitivity: 'base' })`: case and accents aside. */
export const compareTextBase = (a: string, b: string): number => (byBase ??= new Intl.Collator(undefined, { sensitivity: 'base' })).compare(a, b);
