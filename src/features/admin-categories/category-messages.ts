import { isApiError } from '../../api/errors.ts';
import { describeError } from '../../components/problem-message.tsx';
import { isConflict } from '../../api/errors.ts';
import type { SwapResult } from './category-edits.ts';
import type { CategoryState } from './category-rules.ts';

/** The category administration's outcomes in a person's words. */

/** Why an edit was refused, in plain words (a 409 of the 20-active rule says who changed what). */
export function editFailureText(error: unknown, category: { name: string }, activating: boolean): string {
  if (isConflict(error)) {
    const detail = isApiError(error) ? (error.problem?.detail ?? '') : '';
    if (activating && !/named/i.test(detail)) {
      return `“${category.name}” was not activated: the service already counts too many active categories (someone may have activated one meanwhile). Nothing was changed; the list has been refreshed.`;
    }
    return `“${category.name}” was not changed: ${detail || 'the service refused it (409).'} The list has been refreshed.`;
  }
  return `“${category.name}” was not changed: ${describeError(error)}`;
}

/** Exactly where things stand after a swap, in a person's words. */
export function swapResultText(result: SwapResult, out: CategoryState, into: CategoryState): string {
  switch (result.status) {
    case 'swapped':
      return `Swapped: “${out.name}” is now inactive and “${into.name}” is active.`;
    case 'deactivate-failed':
      return `Nothing changed: “${out.name}” could not be deactivated (${describeError(result.error)}). “${out.name}” is still active and “${into.name}” still inactive.`;
    case 'rolled-back':
      return `“${into.name}” could not be activated (${isConflict(result.error) ? 'the service counts too many active categories; someone may have activated one meanwhile' : describeError(result.error)}), so “${out.name}” was activated again. Both are as they were: “${out.name}” active, “${into.name}” inactive.`;
    case 'rollback-failed':
      return `“${into.name}” could not be activated (${describeError(result.error)}), and activating “${out.name}” again failed too (${describeError(result.rollbackError)}). Now BOTH are inactive: “${out.name}” inactive, “${into.name}” inactive. Activate “${out.name}” again when there is room.`;
  }
}
