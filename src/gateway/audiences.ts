import type { Context, MiddlewareHandler } from 'hono';
import { pathFor, type OperationName } from '../api/operations.ts';
import { ProblemError } from '../http/problem.ts';
import type { ApiCall } from './api-operation.ts';
import type { Membership } from './membership.ts';
import { answerJson, asRecord, personOf, replaceJson } from './rewrite.ts';

/**
 * Audiences, enforced at the gateway (#30): `Private` — the author only (no group sees it,
 * administrators included); `FullNetwork` — the author and the student's success network; `All` —
 * everyone who may see the student. Comments and categories follow their notation; data insights
 * count as `All`. A person never receives the text of a note they may not see: single reads are
 * refused (403 `not-in-audience`), lists lose those rows, and say how many they lost and why
 * (`hiddenByAudience`), so the app can tell the truth about an empty timeline.
 */
export const AUDIENCE_PROBLEM = 'not-in-audience';

type Shape = 'list' | 'one';
/** The reads whose answers are notations, and whether they are a list or one. */
const NOTATION_READS: Partial<Record<OperationName, Shape>> = {
  'updates.list': 'list',
  'updates.get': 'one',
  'alerts.list': 'list',
  'alerts.get': 'one',
  'encouragements.list': 'list',
  'encouragements.get': 'one',
  'people.encouragements': 'list',
};

/** Reads and writes below one notation: allowed when the notation is. */
const UNDER_A_NOTATION: Partial<Record<OperationName, OperationName>> = {
  'updates.comments': 'updates.get',
  'updates.comment': 'updates.get',
  'updates.categories': 'updates.get',
  'updates.addComment': 'updates.get',
  'alerts.comments': 'alerts.get',
  'alerts.comment': 'alerts.get',
  'alerts.categories': 'alerts.get',
  'alerts.addComment': 'alerts.get',
};

/** The reads whose bodies are rewritten here: their ETags are computed on what is sent, not taken from the service. */
export const filtersBody = (name: OperationName) => name in NOTATION_READS;

export type Hidden = 'Private' | 'FullNetwork';

/** Why `person` may not see this notation, or undefined when they may. */
export async function hiddenReason(c: Context, membership: Membership, person: string, notation: unknown): Promise<Hidden | undefined> {
  const n = asRecord(notation);
  const audience = n.audienceType;
  if (audience !== 'Private' && audience !== 'FullNetwork') return undefined;
  if (personOf(n.createdBy) === person) return undefined;
  if (audience === 'Private') return 'Private';
  const student = personOf(n.student);
  return student && (await membership.isMember(c, person, student)) ? undefined : 'FullNetwork';
}

const refusal = (reason: Hidden) =>
  new ProblemError(
    403,
    reason === 'Private' ? 'This note is private to its author.' : "This note is for the student's success network, and you are not in it.",
    { type: AUDIENCE_PROBLEM },
  );

export interface AudienceOptions {
  membership: Membership;
  personOf: (c: Context) => string | undefined;
  callOf: (c: Context) => ApiCall | undefined;
  /** Reads a service path as the gateway (a comment's notation). */
  read: (c: Context, path: string) => Promise<unknown>;
}

/**
 * Middleware for `/api/*`: refuses what is below a notation the person may not see before anything
 * is sent, and takes the notes they may not see out of every answer.
 */
export function enforceAudiences(options: AudienceOptions): MiddlewareHandler {
  return async (c, next) => {
    const call = options.callOf(c);
    const person = options.personOf(c);
    if (!call || !person) return next();
    const parent = UNDER_A_NOTATION[call.name];
    if (parent) {
      let notation: unknown;
      try {
        notation = await options.read(c, pathFor(parent, { id: call.params.id! }));
      } catch {
        notation = undefined; // missing: the service answers the request itself (404)
      }
      const reason = notation === undefined ? undefined : await hiddenReason(c, options.membership, person, notation);
      if (reason) throw refusal(reason);
      return next();
    }
    const shape = NOTATION_READS[call.name];
    if (!shape) return next();
    await next();
    const body = await answerJson(c);
    if (body === undefined) return;
    if (shape === 'one') {
      const reason = await hiddenReason(c, options.membership, person, body);
      if (reason) throw refusal(reason);
      return;
    }
    const envelope = asRecord(body);
    if (!Array.isArray(envelope.values)) return;
    const reasons = await Promise.all(envelope.values.map((v) => hiddenReason(c, options.membership, person, v)));
    const hidden = { Private: 0, FullNetwork: 0 };
    for (const r of reasons) if (r) hidden[r] += 1;
    const count = hidden.Private + hidden.FullNetwork;
    // Nothing hidden: the service's answer, and its tag, as they are.
    if (count === 0) return;
    const out = {
      ...envelope,
      values: envelope.values.filter((_, i) => !reasons[i]),
      // The service's paging stands (page, totalValues, links), so a client walking the pages walks
      // them all; what this page lost is said beside it.
      hiddenByAudience: hidden,
    };
    replaceJson(c, out);
  };
}
