import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { CategoryRecord } from '../../api/schemas/index.ts';
import { SearchField } from '../../components/search-field.tsx';
import type { CategoryListView } from './category-list-view.ts';
import { bulkActivationBlock } from '../../queries/category-rules.ts';
import type { CategoryActions } from './use-category-actions.ts';

/** The list's heading and filters (all in the URL), and, over a selection, the bulk actions. */
export function CategoryListBar({
  view,
  onView,
  shown,
  categories,
  counted,
  canEdit,
  actions,
}: {
  view: CategoryListView;
  onView: (view: CategoryListView) => void;
  shown: number;
  categories: readonly CategoryRecord[];
  /** Usage has been counted for the window. */
  counted: boolean;
  canEdit: boolean;
  actions: CategoryActions;
}) {
  const { selected, bulk } = actions;
  const chosen = categories.filter((c) => selected.has(c.id));
  const toActivate = chosen.filter((c) => !c.isActive);
  const toDeactivate = chosen.filter((c) => c.isActive);
  const bulkBlock =
    toActivate.length > 0
      ? bulkActivationBlock(
          categories,
          toActivate.map((c) => c.id),
        )
      : null;
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 1.5 }} sx={{ p: 2, alignItems: { md: 'center' } }}>
        <Typography variant="h6" component="h2" id="list-heading" sx={{ flexGrow: 1 }}>
          {shown} of {categories.length} categories
        </Typography>
        <SearchField label="Search categories" value={view.q} onChange={(q) => onView({ ...view, q })} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view.state}
          onChange={(_, state: CategoryListView['state'] | null) => state && onView({ ...view, state })}
          aria-label="Show"
        >
          <ToggleButton value="active">Active</ToggleButton>
          <ToggleButton value="inactive">Inactive</ToggleButton>
          <ToggleButton value="all">All</ToggleButton>
        </ToggleButtonGroup>
        <FormControlLabel
          control={<Checkbox checked={view.unused} onChange={(e) => onView({ ...view, unused: e.target.checked })} disabled={!counted} />}
          label="Unused in the window"
        />
      </Stack>
      {view.unused && !counted && (
        <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
          Count usage first: the “unused” filter applies once the window is counted.
        </Alert>
      )}
      {canEdit && chosen.length > 0 && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ px: 2, pb: 1.5, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
          data-testid="bulk-bar"
        >
          <Typography sx={{ fontWeight: 600 }}>{chosen.length} selected</Typography>
          <Button
            variant="outlined"
            disabled={toActivate.length === 0 || bulkBlock !== null || bulk?.running === true}
            onClick={() => void actions.runBulk(toActivate, true)}
          >
            Activate selected ({toActivate.length})
          </Button>
          <Button variant="outlined" disabled={toDeactivate.length === 0 || bulk?.running === true} onClick={() => void actions.runBulk(toDeactivate, false)}>
            Deactivate selected ({toDeactivate.length})
          </Button>
          <Button color="inherit" onClick={() => actions.setSelected(new Set())}>
            Clear
          </Button>
          {bulkBlock && (
            <Typography
              variant="body2"
              data-testid="bulk-block"
              sx={(theme) => ({ color: 'error.main', ...theme.applyStyles('dark', { color: 'error.light' }) })}
            >
              {bulkBlock}
            </Typography>
          )}
        </Stack>
      )}
    </>
  );
}
