import { OPERATIONS, type OperationName, type OperationSpec } from '../api/operations.ts';
import { ProblemError } from '../http/problem.ts';

/**
 * Stamps the signed-in person as the actor of a write: a missing actor is filled in, the same
 * one passes, a different one is refused with 403 (nobody writes in another person's name).
 */
export function stampActor(operation: OperationName, body: unknown, identifier: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  // The writes whose body names who acts, and the field that does: the operation table's `actor`.
  const known = (OPERATIONS[operation] as OperationSpec).actor;
  for (const field of ['createdBy', 'modifiedBy'] as const) {
    const actor = record[field];
    if (actor === undefined) continue;
    const claimed = typeof actor === 'object' && actor !== null ? (actor as Record<string, unknown>).identifier : undefined;
    if (claimed !== undefined && claimed !== identifier) {
      throw new ProblemError(403, `${field} must be the signed-in person (${identifier}); writing in another person's name is refused`, {
        errors: [{ in: 'body', name: `${field}.identifier`, message: 'must be the signed-in person' }],
      });
    }
  }
  if (known) return { ...record, [known]: { identifier } };
  return body;
}
