import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CategoryRecord } from '../../api/schemas/index.ts';
import { categoryKeys, useEditCategory } from '../../queries/categories.ts';
import { bulkEdit, swapCategories, toRetry, type BulkEditResult } from './category-edits.ts';
import { editFailureText, swapResultText } from './category-messages.ts';
import type { CategoryState } from '../../queries/category-rules.ts';

export type Notice = { severity: 'success' | 'info' | 'warning' | 'error'; text: string };

/**
 * What a person does to the categories, with what the page shows while and after: activate or
 * deactivate one, rename, swap, bulk edits of a selection. Each refusal refreshes the list, which
 * someone else may have changed meanwhile.
 */
export function useCategoryActions(categories: readonly CategoryRecord[]) {
  const client = useQueryClient();
  const edit = useEditCategory();
  const editAsync = (id: number, body: { isActive: boolean; name: string }) => edit.mutateAsync({ id, body });
  const [renaming, setRenaming] = useState<number | null>(null);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [swap, setSwap] = useState<{ into: number | null; key: number } | null>(null);
  const [swapRunning, setSwapRunning] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulk, setBulk] = useState<{ result: BulkEditResult; running: boolean; categories: CategoryState[] } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: categoryKeys.allPages() });

  const setActive = (category: CategoryState, isActive: boolean) => {
    setNotice(null);
    setBusy(category.id);
    edit.mutate(
      { id: category.id, body: { isActive, name: category.name } },
      {
        onSuccess: () => setNotice({ severity: 'success', text: `“${category.name}” is now ${isActive ? 'active' : 'inactive'}.` }),
        onError: (error) => {
          setNotice({ severity: 'error', text: editFailureText(error, category, isActive) });
          void refresh();
        },
        onSettled: () => setBusy(null),
      },
    );
  };

  const startRename = (id: number | null) => {
    setRenaming(id);
    setRenameError(null);
  };

  const rename = (category: CategoryState, name: string) => {
    setRenameError(null);
    edit.mutate(
      { id: category.id, body: { isActive: category.isActive, name } },
      {
        onSuccess: () => {
          setRenaming(null);
          setNotice({ severity: 'success', text: `Renamed “${category.name}” to “${name}”. Every past notation with this category now shows the new name.` });
        },
        onError: (error) => {
          setRenameError(editFailureText(error, category, false));
          void refresh();
        },
      },
    );
  };

  const runSwap = async (out: CategoryState, into: CategoryState) => {
    setNotice(null);
    setSwapRunning(true);
    const result = await swapCategories(editAsync, out, into);
    setSwapRunning(false);
    setSwap(null);
    setNotice({
      severity: result.status === 'swapped' ? 'success' : result.status === 'rollback-failed' ? 'error' : 'warning',
      text: swapResultText(result, out, into),
    });
    void refresh();
  };

  const runBulk = async (chosen: CategoryState[], isActive: boolean, previous?: BulkEditResult) => {
    setNotice(null);
    const start: BulkEditResult = previous ?? { ids: chosen.map((c) => c.id), isActive, outcomes: new Map() };
    setBulk({ result: start, running: true, categories: chosen });
    const result = await bulkEdit({
      edit: editAsync,
      categories: chosen,
      isActive,
      previous,
      onOutcome: (partial) => setBulk({ result: partial, running: true, categories: chosen }),
    });
    setBulk({ result, running: false, categories: chosen });
    setSelected(new Set());
    void refresh();
  };

  const retryBulk = () => {
    if (!bulk) return;
    const again = new Set(toRetry(bulk.result));
    // The retry sends the failed ones only, with their names as they stand now.
    const current = bulk.categories.map((c) => categories.find((x) => x.id === c.id) ?? c);
    void runBulk(
      current.filter((c) => again.has(c.id) || bulk.result.outcomes.get(c.id)?.status === 'done'),
      bulk.result.isActive,
      bulk.result,
    );
  };

  return {
    saving: edit.isPending,
    notice,
    clearNotice: () => setNotice(null),
    busy,
    setActive,
    renaming,
    renameError,
    startRename,
    rename,
    swap,
    openSwap: (into: number | null) => setSwap({ into, key: Date.now() }),
    closeSwap: () => setSwap(null),
    swapRunning,
    runSwap,
    selected,
    setSelected,
    bulk,
    runBulk,
    retryBulk,
    closeBulk: () => setBulk(null),
  };
}

export type CategoryActions = ReturnType<typeof useCategoryActions>;
