import type { Context } from 'hono';
import { pathFor } from '../api/operations.ts';
import type { MembershipCache } from './membership-cache.ts';

/**
 * Who is in whose success network (E15), as the audiences need it (#30): a FullNetwork note is for
 * the student's network. Read from the viewer's caseload (the people extension: one call per person,
 * every student whose network they are in) and, in front of a service without it, from each
 * student's E15 network. Both are cached for ACCESS_CACHE_S, so a list of many students costs at
 * most one call per person, not one per row. Networks are also shared by every instance through
 * the gateway's database (membership-cache.ts): the students a list page asks about in one moment
 * are looked up there in one query, and only those nobody read lately cost an E15 call.
 */
export interface Membership {
  isMember(c: Context, person: string, student: string): Promise<boolean>;
  /** Every student whose network the person is in, from the caseload extension; undefined without it. */
  caseload(c: Context, person: string): Promise<ReadonlySet<string> | undefined>;
  /** The members of the student's network (E15), reused for ACCESS_CACHE_S like every membership. */
  network(c: Context, student: string): Promise<ReadonlySet<string>>;
  /** The student's network was just written here: read it anew, on every instance. */
  forget(student: string): Promise<void>;
}

const PAGE = 1000;
/** How long an instance trusts its own copy of a shared network. */
const LOCAL_MS = 5_000;
const MAX_PAGES = 20;

export function networkMembership(options: {
  read: (c: Context, path: string) => Promise<unknown>;
  ttlMs: number;
  now?: () => number;
  shared?: MembershipCache;
}): Membership {
  const now = options.now ?? Date.now;
  const caseloads = new Map<string, { at: number; students: Promise<Set<string> | undefined> }>();
  const networks = new Map<string, { at: number; local: number; members: Promise<Set<string>> }>();
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

  /** The students asked about in this moment, looked up in the shared cache together. */
  let asked: Map<string, { c: Context; settle: (members: Promise<Set<string>>) => void }> | undefined;
  const fromUpstream = (c: Context, student: string) =>
    options.read(c, pathFor('people.successNetwork.get', { id: student })).then((body) => {
      const members = valuesOf(body).map(identifierOf);
      options.shared?.remember(student, members, now()).catch(() => undefined);
      return new Set(members);
    });
  const lookUp = async (batch: NonNullable<typeof asked>) => {
    const found = await options.shared!.networks([...batch.keys()], now() - options.ttlMs).catch(() => new Map<string, { members: string[]; at: number }>());
    for (const [student, { c, settle }] of batch) {
      const hit = found.get(student);
      if (hit) {
        // Fresh for as long as the shared row is: every instance forgets it at the same moment.
        const entry = networks.get(student);
        if (entry) entry.at = hit.at;
        settle(Promise.resolve(new Set(hit.members)));
      } else settle(fromUpstream(c, student));
    }
  };
  const viaShared = (c: Context, student: string) =>
    new Promise<Set<string>>((resolve, reject) => {
      if (!asked) {
        const batch = (asked = new Map());
        queueMicrotask(() => {
          asked = undefined;
          void lookUp(batch);
        });
      }
      asked.set(student, { c, settle: (members) => members.then(resolve, reject) });
    });

  const networkOf = (c: Context, student: string) => {
    const cached = networks.get(student);
    // With a shared cache, this instance's copy is kept only a few seconds: a network written
    // through another instance is seen here that soon (the shared row is dropped at once).
    if (cached && fresh(cached.at) && (!options.shared || now() - cached.local < LOCAL_MS)) return cached.members;
    const members = options.shared ? viaShared(c, student) : fromUpstream(c, student);
    // A failed read is not remembered: the next request asks again.
    members.catch(() => networks.delete(student));
    networks.set(student, { at: now(), local: now(), members });
    return members;
  };

  return {
    isMember: async (c, person, student) => {
      const caseload = await caseloadOf(c, person);
      if (caseload) return caseload.has(student);
      return (await networkOf(c, student)).has(person);
    },
    caseload: (c, person) => caseloadOf(c, person),
    network: (c, student) => networkOf(c, student),
    forget: async (student) => {
      networks.delete(student);
      // Whose caseload gained or lost the student is not known here: every caseload is read anew.
      caseloads.clear();
      await options.shared?.forget(student);
    },
  };
}
