import type { Context } from 'hono';
import { pathFor } from '../api/operations.ts';

/**
 * Who is in whose success network (E15), as the audiences need it (#30): a FullNetwork note is for
 * the student's network. Read from the viewer's caseload (the people extension: one call per person,
 * every student whose network they are in) and, in front of a service without it, from each
 * student's E15 network. Both are cached for ACCESS_CACHE_S, so a list of many students costs at
 * most one call per person, not one per row.
 */
export interface Membership {
  isMember(c: Context, person: string, student: string): Promise<boolean>;
}

const PAGE = 1000;
const MAX_PAGES = 20;

export function networkMembership(options: { read: (c: Context, path: string) => Promise<unknown>; ttlMs: number; now?: () => number }): Membership {
  const now = options.now ?? Date.now;
  const caseloads = new Map<string, { at: number; students: Promise<Set<string> | undefined> }>();
  const networks = new Map<string, { at: number; members: Promise<Set<string>> }>();
  const fresh = (at: number) => now() - at < options.ttlMs;
  const segment = (href: unknown) => (typeof href === 'string' ? decodeURIComponent(href.replace(/\/$/, '').split('/').at(-1) ?? '') : '');
  /** A person as a caseload lists them: their identifier, or their link. */
  const identifierOf = (v: unknown) => {
    const p = (v ?? {}) as { identifier?: unknown; href?: unknown; self?: { href?: unknown } };
    return typeof p.identifier === 'string' ? p.identifier : segment(p.self?.href ?? p.href);
  };
  const valuesOf = (body: unknown) => {
    const values = (body as { values?: unknown } | null)?.values;
    return Array.isArray(values) ? values : [];
  };

  /** Undefined when the service has no caseload extension (then E15 per student). */
  const caseloadOf = (c: Context, person: string) => {
    const cached = caseloads.get(person);
    if (cached && fresh(cached.at)) return cached.students;
    const students = (async () => {
      const found = new Set<string>();
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const body = await options.read(c, `${pathFor('people.caseload', { id: person })}?page=${page}&pageSize=${PAGE}`);
        const values = valuesOf(body);
        for (const v of values) found.add(identifierOf(v));
        if (values.length < PAGE) break;
      }
      return found;
    })().catch(() => undefined);
    caseloads.set(person, { at: now(), students });
    return students;
  };

  const networkOf = (c: Context, student: string) => {
    const cached = networks.get(student);
    if (cached && fresh(cached.at)) return cached.members;
    const members = options.read(c, pathFor('people.successNetwork.get', { id: student })).then((body) => new Set(valuesOf(body).map(identifierOf)));
    // A failed read is not remembered: the next request asks again.
    members.catch(() => networks.delete(student));
    networks.set(student, { at: now(), members });
    return members;
  };

  return {
    isMember: async (c, person, student) => {
      const caseload = await caseloadOf(c, person);
      if (caseload) return caseload.has(student);
      return (await networkOf(c, student)).has(person);
    },
  };
}
