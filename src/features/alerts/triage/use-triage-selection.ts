import { useCallback, useMemo, useState } from 'react';
import type { GridRowId, GridRowSelectionModel } from '@mui/x-data-grid';
import type { TriageAlert } from '../../../queries/alert-queue.ts';
import type { BulkLowerResult } from '../actions/index.ts';
import type { TriageFilters } from './triage-filters.ts';
import type { StudentGroup, TriageRow } from './triage-rows.ts';

export const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

export function isSelected(model: GridRowSelectionModel, id: GridRowId): boolean {
  return model.type === 'include' ? model.ids.has(id) : !model.ids.has(id);
}

/** The selection with `id` added or taken out (either kind of model). */
export function toggleSelected(model: GridRowSelectionModel, id: GridRowId): GridRowSelectionModel {
  const ids = new Set(model.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { type: model.type, ids };
}

/**
 * The queue's selection (rows of the grid or cards): what of it is still open and shown (what
 * "Lower selected" lowers), and, after a bulk run, the lowered alerts taken out of it. A new view
 * has other row ids: the selection does not carry over.
 */
export function useTriageSelection(view: TriageFilters['view'], shown: readonly TriageRow[], groups: readonly StudentGroup[]) {
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);
  const [lastView, setLastView] = useState(view);
  if (lastView !== view) {
    setLastView(view);
    setSelection(NO_SELECTION);
  }

  /** Only what is selected and shown, and still open, is lowered. */
  const selectedOpen = useMemo<readonly TriageAlert[]>(() => {
    const picked =
      view === 'alert' ? shown.filter((row) => isSelected(selection, row.id)) : groups.filter((g) => isSelected(selection, g.id)).flatMap((g) => g.alerts);
    return picked.filter((row) => row.status === 'Open').map((row) => row.alert);
  }, [view, shown, groups, selection]);

  /** After a bulk run: the alerts it lowered leave the selection; the failed ones stay selected for another go. */
  const deselectLowered = useCallback((result: BulkLowerResult) => {
    const lowered = [...result.outcomes].filter(([, outcome]) => outcome.status === 'lowered' || outcome.status === 'already-lowered').map(([id]) => id);
    if (lowered.length === 0) return;
    setSelection((current) => {
      const ids = new Set(current.ids);
      // "Everything but …" lists the exceptions: a lowered alert becomes one.
      for (const id of lowered) {
        if (current.type === 'include') ids.delete(id);
        else ids.add(id);
      }
      return { type: current.type, ids };
    });
  }, []);

  return { selection, setSelection, selectedOpen, deselectLowered };
}
