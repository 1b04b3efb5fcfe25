import type { EditCategoryInput } from '../../api/client.ts';
import type { CategoryState } from '../../queries/category-rules.ts';

/**
 * The category page's multi-step edits, each made of E14 calls through the shared edit mutation
 * (optimistic, rolled back on refusal): a guided swap, and bulk activation or deactivation.
 */

export type Edit = (id: number, body: EditCategoryInput) => Promise<unknown>;

// Guided swap: deactivate one, activate another, undo the first if the second is refused.

export type SwapResult =
  | { status: 'swapped' }
  | { status: 'deactivate-failed'; error: unknown }
  | { status: 'rolled-back'; error: unknown }
  | { status: 'rollback-failed'; error: unknown; rollbackError: unknown };

export async function swapCategories(edit: Edit, out: CategoryState, into: CategoryState): Promise<SwapResult> {
  try {
    await edit(out.id, { isActive: false, name: out.name });
  } catch (error) {
    return { status: 'deactivate-failed', error };
  }
  try {
    await edit(into.id, { isActive: true, name: into.name });
    return { status: 'swapped' };
  } catch (error) {
    try {
      await edit(out.id, { isActive: true, name: out.name });
      return { status: 'rolled-back', error };
    } catch (rollbackError) {
      return { status: 'rollback-failed', error, rollbackError };
    }
  }
}

// Bulk activate / deactivate: one edit at a time, an outcome per category, retry of failures only.

export type BulkOutcome = { status: 'done' } | { status: 'failed'; error: unknown };

export interface BulkEditResult {
  ids: readonly number[];
  isActive: boolean;
  outcomes: ReadonlyMap<number, BulkOutcome>;
}

export function toRetry(result: BulkEditResult): number[] {
  return result.ids.filter((id) => result.outcomes.get(id)?.status !== 'done');
}

/**
 * Sets `isActive` on each category, one edit at a time (the 20-active rule counts each one in
 * turn), skipping those `previous` shows done. Never rejects: a refusal is that category's outcome.
 */
export async function bulkEdit(options: {
  edit: Edit;
  categories: readonly CategoryState[];
  isActive: boolean;
  previous?: BulkEditResult | undefined;
  onOutcome?: (result: BulkEditResult) => void;
}): Promise<BulkEditResult> {
  const ids = options.categories.map((c) => c.id);
  const outcomes = new Map<number, BulkOutcome>(options.previous ? options.previous.outcomes : []);
  for (const category of options.categories) {
    if (outcomes.get(category.id)?.status === 'done') continue;
    try {
      await options.edit(category.id, { isActive: options.isActive, name: category.name });
      outcomes.set(category.id, { status: 'done' });
    } catch (error) {
      outcomes.set(category.id, { status: 'failed', error });
    }
    options.onOutcome?.({ ids, isActive: options.isActive, outcomes: new Map(outcomes) });
  }
  return { ids, isActive: options.isActive, outcomes };
}
