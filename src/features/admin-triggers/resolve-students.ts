import type { ApiClient } from '../../api/client.ts';
import { isApiError, isNotFound } from '../../api/errors.ts';
import type { Person } from '../../api/schemas/index.ts';
import { peopleByIdentifiers } from '../../queries/people.ts';

// Choosing students: pasted identifiers (src/lib/identifiers.ts), each checked against the people.

export type Resolution =
  | { status: 'student'; person: Person }
  | { status: 'not-student'; person: Person }
  /** `likely`: the student the same letters in the service's case name (`s000003` → S000003). */
  | { status: 'unknown'; likely?: Person }
  | { status: 'error'; error: unknown };

/** Above this many, the people are asked for a thousand a request instead of one request per identifier. */
const BATCH_ABOVE = 40;

/**
 * Who each identifier is: a student, someone else, nobody, or unknown because the lookup failed.
 * Few identifiers: one `GET /people/{id}` each (a few at a time). Many: `peopleByIdentifiers`
 * (a thousand a request), or, on an upstream without it, one GET each.
 */
export async function resolveStudents(
  api: ApiClient,
  identifiers: readonly string[],
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<Map<string, Resolution>> {
  const result = new Map<string, Resolution>();
  let rest = [...identifiers];
  if (rest.length > BATCH_ABOVE) {
    try {
      const { supported, people } = await peopleByIdentifiers(api, rest, options.signal);
      if (supported) {
        for (const identifier of rest) {
          const person = people.get(identifier);
          result.set(
            identifier,
            !person ? { status: 'unknown' } : person.role === 'Student' ? { status: 'student', person } : { status: 'not-student', person },
          );
        }
        rest = [];
      }
    } catch (error) {
      if (options.signal?.aborted || (isApiError(error) && error.kind === 'aborted')) throw error;
      // The batch failed: one GET each below, each failure then said per identifier.
    }
  }
  options.onProgress?.(result.size, identifiers.length);
  let next = 0;
  const worker = async () => {
    while (next < rest.length) {
      const identifier = rest[next++]!;
      try {
        const person = await api.people.get(identifier, options.signal ? { signal: options.signal } : undefined);
        result.set(identifier, person.role === 'Student' ? { status: 'student', person } : { status: 'not-student', person });
      } catch (error) {
        if (isApiError(error) && error.kind === 'aborted') throw error;
        result.set(identifier, isNotFound(error) ? { status: 'unknown' } : { status: 'error', error });
      }
      options.onProgress?.(result.size, identifiers.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, rest.length) }, worker));
  // An unknown identifier in another case: the student it most likely means, as the student page
  // offers (#31 item 11). Never substituted silently: the page asks.
  const unknown = [...result].filter(([identifier, r]) => r.status === 'unknown' && identifier.toUpperCase() !== identifier).map(([identifier]) => identifier);
  await Promise.all(
    unknown.map(async (identifier) => {
      try {
        const person = await api.people.get(identifier.toUpperCase(), options.signal ? { signal: options.signal } : undefined);
        if (person.role === 'Student') result.set(identifier, { status: 'unknown', likely: person });
      } catch (error) {
        if (isApiError(error) && error.kind === 'aborted') throw error;
      }
    }),
  );
  return result;
}
