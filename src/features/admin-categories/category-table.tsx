import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { CategoryRecord } from '../../api/schemas/index.ts';
import type { CategoryListView, SortKey } from './category-list-view.ts';
import { CategoryRow } from './category-row.tsx';
import type { CategoryUsage } from './category-usage.ts';
import type { CategoryActions } from './use-category-actions.ts';

const SORT_LABELS: Record<SortKey, string> = { name: 'Name', state: 'State', id: 'Id', usage: 'Used' };

function SortHeader({ view, sortKey, onView }: { view: CategoryListView; sortKey: SortKey; onView: (view: CategoryListView) => void }) {
  const active = view.sort === sortKey;
  return (
    <TableCell sortDirection={active ? view.dir : false}>
      <TableSortLabel
        active={active}
        direction={active ? view.dir : 'asc'}
        onClick={() => onView({ ...view, sort: sortKey, dir: active && view.dir === 'asc' ? 'desc' : 'asc' })}
      >
        {SORT_LABELS[sortKey]}
      </TableSortLabel>
    </TableCell>
  );
}

/** The categories the filters show, sortable by their headers, each selectable when the person may edit. */
export function CategoryTable({
  categories,
  shown,
  view,
  onView,
  usage,
  canEdit,
  phone,
  actions,
}: {
  categories: readonly CategoryRecord[];
  shown: readonly CategoryRecord[];
  view: CategoryListView;
  onView: (view: CategoryListView) => void;
  usage: CategoryUsage | null;
  canEdit: boolean;
  phone: boolean;
  actions: CategoryActions;
}) {
  const { selected, setSelected } = actions;
  const allShownSelected = shown.length > 0 && shown.every((c) => selected.has(c.id));
  const rows = { categories, usage, canEdit, phone, actions };
  return (
    <TableContainer>
      <Table size="small" aria-labelledby="list-heading">
        <TableHead>
          <TableRow>
            {canEdit && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allShownSelected}
                  indeterminate={!allShownSelected && shown.some((c) => selected.has(c.id))}
                  onChange={(e) =>
                    setSelected(
                      e.target.checked
                        ? new Set([...selected, ...shown.map((c) => c.id)])
                        : new Set([...selected].filter((id) => !shown.some((c) => c.id === id))),
                    )
                  }
                  slotProps={{ input: { 'aria-label': 'Select every category shown' } }}
                />
              </TableCell>
            )}
            <SortHeader view={view} sortKey="name" onView={onView} />
            <SortHeader view={view} sortKey="state" onView={onView} />
            {usage ? (
              <SortHeader view={view} sortKey="usage" onView={onView} />
            ) : (
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Used</TableCell>
            )}
            {!phone && <TableCell>Actions</TableCell>}
          </TableRow>
        </TableHead>
        {shown.length === 0 && (
          <TableBody>
            <TableRow>
              <TableCell colSpan={(canEdit ? 4 : 3) + (phone ? 0 : 1)}>
                <Typography color="textSecondary">No category matches these filters.</Typography>
              </TableCell>
            </TableRow>
          </TableBody>
        )}
        {shown.map((category) => (
          <CategoryRow key={category.id} category={category} {...rows} />
        ))}
      </Table>
    </TableContainer>
  );
}
