import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { CategoryRecord } from '../../api/schemas/index.ts';
import { journalHref } from '../../queries/journal.ts';
import { CategoryRename } from './category-rename.tsx';
import { activationBlock, CAPACITY_REASON_ID } from '../../queries/category-rules.ts';
import type { CategoryUsage } from './category-usage.ts';
import type { CategoryActions } from './use-category-actions.ts';

/** One category: its name (or the rename form), state, usage and actions; on a phone the actions go under the name. */
export function CategoryRow({
  category,
  categories,
  usage,
  canEdit,
  phone,
  actions,
}: {
  category: CategoryRecord;
  categories: readonly CategoryRecord[];
  /** The window's usage, once counted. */
  usage: CategoryUsage | null;
  canEdit: boolean;
  phone: boolean;
  actions: CategoryActions;
}) {
  const { selected, renaming, busy } = actions;
  const block = activationBlock(categories, category.id);
  const counts = usage?.byCategory.get(category.id);
  const buttons = (
    <>
      {/* At the cap, why Activate is off is said once, on the capacity card (and read with each button). */}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: phone ? 'wrap' : 'nowrap', rowGap: 0.5 }}>
        {canEdit && renaming !== category.id && (
          <Button size="small" onClick={() => actions.startRename(category.id)} aria-label={`Rename ${category.name}`}>
            Rename
          </Button>
        )}
        {canEdit && category.isActive && (
          <Button
            size="small"
            color="inherit"
            disabled={busy === category.id}
            onClick={() => actions.setActive(category, false)}
            aria-label={`Deactivate ${category.name}`}
          >
            Deactivate
          </Button>
        )}
        {canEdit && !category.isActive && (
          <Button
            size="small"
            variant="outlined"
            disabled={block !== null || busy === category.id}
            onClick={() => actions.setActive(category, true)}
            aria-label={`Activate ${category.name}`}
            aria-describedby={block ? CAPACITY_REASON_ID : undefined}
          >
            Activate
          </Button>
        )}
        {canEdit && block && (
          <Button size="small" onClick={() => actions.openSwap(category.id)} aria-label={`Swap in ${category.name}`}>
            Swap in…
          </Button>
        )}
        <Link component={RouterLink} to={journalHref(`category/${category.id}`)} variant="body2" aria-label={`Change history of ${category.name}`}>
          History
        </Link>
      </Stack>
    </>
  );
  const columns = (canEdit ? 4 : 3) + (phone ? 0 : 1);
  return (
    // A body of its own per category: the row, and the rename form in the row below it.
    <TableBody data-testid={`category-row-${category.id}`}>
      <TableRow hover>
        {canEdit && (
          <TableCell padding="checkbox">
            <Checkbox
              checked={selected.has(category.id)}
              onChange={(e) => {
                const next = new Set(selected);
                if (e.target.checked) next.add(category.id);
                else next.delete(category.id);
                actions.setSelected(next);
              }}
              slotProps={{ input: { 'aria-label': `Select ${category.name}` } }}
            />
          </TableCell>
        )}
        <TableCell sx={{ minWidth: 160 }}>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {category.name}
          </Typography>
          <Typography component="span" variant="body2" color="textSecondary" sx={{ ml: 1 }}>
            #{category.id}
          </Typography>
          {phone && renaming !== category.id && <Box sx={{ mt: 0.5 }}>{buttons}</Box>}
        </TableCell>
        <TableCell>
          <Chip
            size="small"
            label={category.isActive ? 'Active' : 'Inactive'}
            color={category.isActive ? 'success' : 'default'}
            variant={category.isActive ? 'filled' : 'outlined'}
          />
        </TableCell>
        <TableCell sx={{ display: usage ? undefined : { xs: 'none', sm: 'table-cell' } }}>
          {usage ? (
            <span data-testid={`usage-${category.id}`}>{counts ? `${counts.updates} updates, ${counts.alerts} alerts` : 'unused'}</span>
          ) : (
            <Typography variant="body2" color="textSecondary" component="span">
              —
            </Typography>
          )}
        </TableCell>
        {!phone && <TableCell>{buttons}</TableCell>}
      </TableRow>
      {renaming === category.id && (
        // The rename form spans the row below: opening it moves no column.
        <TableRow>
          <TableCell colSpan={columns}>
            <CategoryRename
              category={category}
              categories={categories}
              saving={actions.saving}
              serverError={actions.renameError}
              onSave={(name) => actions.rename(category, name)}
              onCancel={() => actions.startRename(null)}
            />
          </TableCell>
        </TableRow>
      )}
    </TableBody>
  );
}
