export { editFailureText } from '../../components/category-edit-failure.ts';
import { isConflict } from '../../api/errors.ts';
import { describeError } from '../../components/problem-message.tsx';
import type { SwapResult } from './category-edits.ts';
import type { CategoryState } from '../../queries/category-rules.ts';

/** The category administration's outcomes in a person's words. */

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
