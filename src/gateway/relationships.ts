import type { Context, MiddlewareHandler } from 'hono';
import type { OperationName } from '../api/operations.ts';
import { ProblemError } from '../http/problem.ts';
import type { AccessGrantStore } from './access-grants.ts';
import type { ApiCall } from './api-operation.ts';
import type { Membership } from './membership.ts';
import { answerJson, asRecord, filterList, personOf } from './rewrite.ts';

/**
 * Who may open which student's records (#30). A person may see a student when they are in the
 * student's success network (E15), or in RECORDS_GROUP (institution-wide access), or hold a current
 * grant for that student with a stated reason; ACCESS_POLICY=all-staff skips this rule (the
 * audiences still hold). Names and identifiers are directory information: search finds anyone.
 * A refused read of one student is 403 `not-in-network` with nothing sent upstream; lists keep the
 * students the person may see.
 */
export const NOT_IN_NETWORK = 'not-in-network';

export interface AccessRules {
  /** ACCESS_ENFORCEMENT=off: audiences and relationships are not applied (the access log still is). */
  enforce?: boolean;
  policy: 'relationship' | 'all-staff';
  recordsGroup: string;
  grantHours: number;
}

export interface Viewer {
  identifier: string;
  groups: readonly string[];
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The reason of the grant that opened this read (the access log records it). */
    grantReason: string | undefined;
  }
}

/** Reads about one student named in the path. */
const ONE_STUDENT: Partial<Record<OperationName, string>> = {
  'people.encouragements': 'id',
  'people.successNetwork.get': 'id',
  'noncognitive.factorScores': 'personIdentifier',
};
/** Reads of one notation: its student is in the answer. */
const ONE_NOTATION = new Set<OperationName>(['updates.get', 'alerts.get', 'dataInsights.get', 'encouragements.get']);
/** Lists of notations (rows carry their student) and of a cohort's results (rows name theirs in the link). */
const LISTS: Partial<Record<OperationName, (row: unknown) => string | undefined>> = {
  'updates.list': (row) => personOf(asRecord(row).student),
  'alerts.list': (row) => personOf(asRecord(row).student),
  'dataInsights.list': (row) => personOf(asRecord(row).student),
  'encouragements.list': (row) => personOf(asRecord(row).student),
  'noncognitive.administrations.results': (row) => /\/results\/([^/?#]+)\/factors/.exec(String(asRecord(row).href ?? ''))?.[1],
};

export const relationshipRewrites = (name: OperationName) => name in LISTS;

export interface RelationshipOptions {
  rules: AccessRules;
  membership: Membership;
  grants: AccessGrantStore;
  viewerOf: (c: Context) => Viewer | undefined;
  callOf: (c: Context) => ApiCall | undefined;
}

export function notInNetwork(student: string): ProblemError {
  return new ProblemError(403, `You are not in this student's success network (${student}). State why you need the record to open it.`, {
    type: NOT_IN_NETWORK,
  });
}

/** The viewer's current grants, read once per request however many students it names. */
const requestGrants = new WeakMap<Context, Promise<Map<string, { reason: string; until: string }>>>();
function grantOf(c: Context, options: RelationshipOptions, viewer: Viewer, student: string) {
  let grants = requestGrants.get(c);
  if (!grants) {
    grants = options.grants.currentFor(viewer.identifier);
    requestGrants.set(c, grants);
  }
  return grants.then((byStudent) => byStudent.get(student));
}

/** Whether the viewer may open the student's records, and the grant's reason when a grant is why. */
export async function mayOpen(c: Context, options: RelationshipOptions, viewer: Viewer, student: string): Promise<{ allowed: boolean; reason?: string }> {
  if (options.rules.policy === 'all-staff' || viewer.groups.includes(options.rules.recordsGroup)) return { allowed: true };
  if (await options.membership.isMember(c, viewer.identifier, student)) return { allowed: true };
  const grant = await grantOf(c, options, viewer, student);
  return grant ? { allowed: true, reason: grant.reason } : { allowed: false };
}

/** For the student page: may the viewer open the student, and on what ground (GET /session/access). */
export async function decide(
  c: Context,
  options: RelationshipOptions,
  viewer: Viewer,
  student: string,
): Promise<{ allowed: boolean; why: 'policy' | 'records-group' | 'network' | 'grant' | 'none'; until?: string }> {
  if (options.rules.policy === 'all-staff') return { allowed: true, why: 'policy' };
  if (viewer.groups.includes(options.rules.recordsGroup)) return { allowed: true, why: 'records-group' };
  if (await options.membership.isMember(c, viewer.identifier, student)) return { allowed: true, why: 'network' };
  const grant = await options.grants.current(viewer.identifier, student);
  return grant ? { allowed: true, why: 'grant', until: grant.until } : { allowed: false, why: 'none' };
}

/**
 * Whose records the viewer may open, when the gateway can list them (`GET /session/scope`): a list
 * such as the triage then asks the service for those students alone (`identifiers=`), instead of
 * every student's alerts for the gateway to filter (#30: 13,000 alerts read to show 800).
 * `unknown` in front of a service without the caseload extension: membership is then learnt one
 * student at a time, and a list of students known so far would hide some.
 */
export type Scope = { scope: 'everyone' } | { scope: 'students'; students: string[] } | { scope: 'unknown' };
export async function scopeOf(c: Context, options: RelationshipOptions, viewer: Viewer): Promise<Scope> {
  if (options.rules.enforce === false || options.rules.policy === 'all-staff' || viewer.groups.includes(options.rules.recordsGroup))
    return { scope: 'everyone' };
  const [caseload, grants] = await Promise.all([options.membership.caseload(c, viewer.identifier), options.grants.currentFor(viewer.identifier)]);
  if (!caseload) return { scope: 'unknown' };
  return { scope: 'students', students: [...new Set([...caseload, ...grants.keys()])].sort() };
}

export function enforceRelationships(options: RelationshipOptions): MiddlewareHandler {
  return async (c, next) => {
    const call = options.callOf(c);
    const viewer = options.viewerOf(c);
    if (!call || !viewer || options.rules.policy === 'all-staff' || viewer.groups.includes(options.rules.recordsGroup)) return next();
    const open = async (student: string) => {
      const decision = await mayOpen(c, options, viewer, student);
      if (decision.reason) c.set('grantReason', decision.reason);
      return decision.allowed;
    };

    const param = ONE_STUDENT[call.name];
    if (param) {
      const student = call.params[param];
      // Refused before anything is sent upstream.
      if (student && !(await open(student))) throw notInNetwork(student);
      return next();
    }
    const studentOf = LISTS[call.name];
    const asked = studentOf ? new URL(c.req.url).searchParams.get('identifiers') : null;
    if (asked) {
      // A list of named students none of whom the person may open: answered here, empty, with nothing sent upstream.
      const named = [
        ...new Set(
          asked
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const opened = await Promise.all(named.map(open));
      if (named.length > 0 && !opened.some(Boolean)) {
        const self = { href: c.req.url };
        return c.json({ page: 1, pageSize: 0, totalValues: 0, self, links: { first: self, last: self }, values: [], refusedStudents: named });
      }
    }
    await next();
    if (ONE_NOTATION.has(call.name)) {
      const student = personOf(asRecord(await answerJson(c)).student);
      if (student && !(await open(student))) throw notInNetwork(student);
      return;
    }
    if (studentOf) {
      const allowed = new Map<string, Promise<boolean>>();
      await filterList(
        c,
        (row) => {
          const student = studentOf(row);
          if (!student) return Promise.resolve(true);
          if (!allowed.has(student))
            allowed.set(
              student,
              mayOpen(c, options, viewer, student).then((d) => d.allowed),
            );
          return allowed.get(student)!;
        },
        (removed) => ({ hiddenByRelationship: removed }),
      );
    }
  };
}
