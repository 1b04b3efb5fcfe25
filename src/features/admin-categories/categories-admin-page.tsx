import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredQuery } from '../../queries/use-deferred-query.ts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isNotFound } from '../../api/errors.ts';
import type { CategoryRecord } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { categoryKeys, categoryQueries, useEditCategory } from '../../queries/categories.ts';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { HeadingWithJournal } from '../../components/heading-with-journal.tsx';
import { ReadOnlyNotice } from '../../components/read-only-notice.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { formatDay, shiftDay } from '../../lib/dates.ts';
import { usePermission } from '../../queries/permissions.ts';
import { bulkEdit, swapCategories, toRetry, type BulkEditResult } from './category-edits.ts';
import type { CategoryUsage } from './category-usage.ts';
import { CategoriesFallback } from './categories-fallback.tsx';
import { editFailureText, swapResultText } from './category-messages.ts';
import { applyListView, readListView, writeListView, type CategoryListView, type SortKey } from './category-list-view.ts';
import { CategoryRename } from './category-rename.tsx';
import { CAPACITY_SENTENCE, MAX_ACTIVE_CATEGORIES, activationBlock, activeCount, bulkActivationBlock, type CategoryState } from './category-rules.ts';
import { SwapDialog } from './swap-dialog.tsx';
import { UsagePanel } from './usage-panel.tsx';

type Notice = { severity: 'success' | 'info' | 'warning' | 'error'; text: string };

/**
 * Links to the gateway's change journal (issue 12 item 10): its targets are spelled
 * `category/<id>`, its operation for E14 `category.edit`.
 */
export const journalHref = (category: Pick<CategoryRecord, 'id'>) => `/admin/journal?target=${encodeURIComponent(`category/${category.id}`)}`;
const JOURNAL_OF_CATEGORIES = '/admin/journal?operation=category.edit';

function CapacityCard({ active, canEdit, onSwap }: { active: number; canEdit: boolean; onSwap: () => void }) {
  const atCap = active >= MAX_ACTIVE_CATEGORIES;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="capacity-heading">
      {/* The count and the swap share a line: on a phone the category list still starts on the first screen. */}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" id="capacity-heading" data-testid="capacity">
          {active} of {MAX_ACTIVE_CATEGORIES} active
        </Typography>
        {canEdit && (
          <Button variant={atCap ? 'contained' : 'outlined'} size="small" onClick={onSwap}>
            Swap categories…
          </Button>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, (100 * active) / MAX_ACTIVE_CATEGORIES)}
        color={atCap ? 'warning' : 'primary'}
        aria-label="Active categories"
        aria-valuetext={`${active} of ${MAX_ACTIVE_CATEGORIES} active`}
        sx={{ height: 8, borderRadius: 4, my: 1 }}
      />
      {/* On a phone the rule shows when it bites (at the cap); each blocked Activate says it too. */}
      <Typography variant="body2" color="textSecondary" sx={{ display: { xs: atCap ? 'block' : 'none', sm: 'block' } }}>
        {CAPACITY_SENTENCE}
        {atCap ? ' The cap is reached: to activate another category, swap one out.' : ''}
      </Typography>
    </Paper>
  );
}

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

function BulkPanel({
  run,
  names,
  onRetry,
  onClose,
}: {
  run: { result: BulkEditResult; running: boolean };
  names: ReadonlyMap<number, string>;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { result, running } = run;
  const done = result.ids.filter((id) => result.outcomes.get(id)?.status === 'done').length;
  const failed = result.ids.filter((id) => result.outcomes.get(id)?.status === 'failed').length;
  const verb = result.isActive ? 'activated' : 'deactivated';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Bulk edit results">
      <Typography role="status" sx={{ fontWeight: 600 }}>
        {running ? `Working… ${done + failed} of ${result.ids.length}` : `${done} of ${result.ids.length} ${verb}${failed ? `, ${failed} failed` : ''}.`}
      </Typography>
      {running && <LinearProgress variant="determinate" value={(100 * (done + failed)) / Math.max(1, result.ids.length)} aria-label="Bulk edit progress" sx={{ my: 1 }} />}
      <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
        {result.ids.map((id) => {
          const outcome = result.outcomes.get(id);
          return (
            <li key={id} data-testid={`bulk-result-${id}`}>
              <strong>{names.get(id) ?? `Category ${id}`}</strong>:{' '}
              {outcome === undefined ? 'waiting' : outcome.status === 'done' ? verb : `failed — ${editFailureText(outcome.error, { name: names.get(id) ?? `Category ${id}` }, result.isActive).replace(/ The list has been refreshed\.$/, '')}`}
            </li>
          );
        })}
      </Box>
      <Stack direction="row" spacing={1}>
        {!running && failed > 0 && (
          <Button variant="contained" onClick={onRetry}>
            Retry the {failed} failed
          </Button>
        )}
        {!running && (
          <Button onClick={onClose} color="inherit">
            Dismiss
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** `/admin/categories`: every category, the capacity rule in view, rename, swap, usage and bulk edits (issue 12, items 1–6). */
export function CategoriesAdminPage() {
  const api = useApi();
  const client = useQueryClient();
  const permission = usePermission('editCategories');
  const canEdit = permission.allowed;
  const list = useDeferredQuery(categoryQueries.allPages(api));
  const [params, setParams] = useSearchParams();
  const view = readListView(params);
  const today = useMemo(() => formatDay(new Date()), []);
  const from = params.get('from') ?? shiftDay(today, -89);
  const to = params.get('to') ?? today;
  const [usage, setUsage] = useState<CategoryUsage | null>(null);
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
  // On a phone the actions go under the name: a fifth column does not fit.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const categories: CategoryRecord[] = list.data?.values ?? [];
  const active = activeCount(categories);
  const shown = applyListView(categories, view, usage?.byCategory);
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const onView = (next: CategoryListView) => setParams(writeListView(params, next), { replace: true });
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

  const chosen = categories.filter((c) => selected.has(c.id));
  const toActivate = chosen.filter((c) => !c.isActive);
  const toDeactivate = chosen.filter((c) => c.isActive);
  const bulkBlock = toActivate.length > 0 ? bulkActivationBlock(categories, toActivate.map((c) => c.id)) : null;
  const allShownSelected = shown.length > 0 && shown.every((c) => selected.has(c.id));

  return (
    <Stack spacing={2}>
      <HeadingWithJournal title="Categories" journal={JOURNAL_OF_CATEGORIES} />
      {/* Fixed text, painted by the server's shell as well (the route table's intro): set as the shell sets it. */}
      <Typography color="textSecondary">The reasons advisors file updates and alerts under. Renaming relabels every past notation; deactivating hides a category from new notations.</Typography>
      <ReadOnlyNotice permission={{ allowed: canEdit, reason: permission.reason }} />
      {list.isError && isNotFound(list.error) && <CategoriesFallback canEdit={canEdit} seen={usage?.seen ?? new Map()} />}
      {list.isError && !isNotFound(list.error) && <ProblemMessage error={list.error} onRetry={() => void list.refetch()} />}
      {/* Side by side on a desk: the category list starts on the first screen. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'stretch' }}>
        {/* Where the capacity card will be: nothing below moves when it arrives. */}
        {list.isPending && <LinearProgress aria-label="Loading categories" />}
        {list.isSuccess && <CapacityCard active={active} canEdit={canEdit} onSwap={() => setSwap({ into: null, key: Date.now() })} />}
        <UsagePanel
          from={from}
          to={to}
          onWindowChange={(f, t) => {
            const next = new URLSearchParams(params);
            next.set('from', f);
            next.set('to', t);
            setParams(next, { replace: true });
          }}
          onResult={setUsage}
        />
      </Box>
      {notice && (
        <Alert severity={notice.severity} role={notice.severity === 'error' || notice.severity === 'warning' ? 'alert' : 'status'} onClose={() => setNotice(null)} data-testid="category-notice">
          {notice.text}
        </Alert>
      )}
      {bulk && (
        <BulkPanel
          run={bulk}
          names={names}
          onRetry={() => {
            const again = new Set(toRetry(bulk.result));
            // The retry sends the failed ones only, with their names as they stand now.
            const current = bulk.categories.map((c) => categories.find((x) => x.id === c.id) ?? c);
            void runBulk(current.filter((c) => again.has(c.id) || bulk.result.outcomes.get(c.id)?.status === 'done'), bulk.result.isActive, bulk.result);
          }}
          onClose={() => setBulk(null)}
        />
      )}
      {list.isSuccess && (
        <Paper variant="outlined" component="section" aria-labelledby="list-heading">
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 1.5 }} sx={{ p: 2, alignItems: { md: 'center' } }}>
            <Typography variant="h6" component="h2" id="list-heading" sx={{ flexGrow: 1 }}>
              {shown.length} of {categories.length} categories
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
              control={<Checkbox checked={view.unused} onChange={(e) => onView({ ...view, unused: e.target.checked })} disabled={!usage} />}
              label="Unused in the window"
            />
          </Stack>
          {view.unused && !usage && (
            <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
              Count usage first: the “unused” filter applies once the window is counted.
            </Alert>
          )}
          {canEdit && chosen.length > 0 && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ px: 2, pb: 1.5, alignItems: { sm: 'center' }, flexWrap: 'wrap' }} data-testid="bulk-bar">
              <Typography sx={{ fontWeight: 600 }}>{chosen.length} selected</Typography>
              <Button variant="outlined" disabled={toActivate.length === 0 || bulkBlock !== null || bulk?.running === true} onClick={() => void runBulk(toActivate, true)}>
                Activate selected ({toActivate.length})
              </Button>
              <Button variant="outlined" disabled={toDeactivate.length === 0 || bulk?.running === true} onClick={() => void runBulk(toDeactivate, false)}>
                Deactivate selected ({toDeactivate.length})
              </Button>
              <Button color="inherit" onClick={() => setSelected(new Set())}>
                Clear
              </Button>
              {bulkBlock && (
                <Typography variant="body2" data-testid="bulk-block" sx={(theme) => ({ color: 'error.main', ...theme.applyStyles('dark', { color: 'error.light' }) })}>
                  {bulkBlock}
                </Typography>
              )}
            </Stack>
          )}
          <TableContainer>
            <Table size="small" aria-labelledby="list-heading">
              <TableHead>
                <TableRow>
                  {canEdit && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allShownSelected}
                        indeterminate={!allShownSelected && shown.some((c) => selected.has(c.id))}
                        onChange={(e) => setSelected(e.target.checked ? new Set([...selected, ...shown.map((c) => c.id)]) : new Set([...selected].filter((id) => !shown.some((c) => c.id === id))))}
                        slotProps={{ input: { 'aria-label': 'Select every category shown' } }}
                      />
                    </TableCell>
                  )}
                  <SortHeader view={view} sortKey="name" onView={onView} />
                  <SortHeader view={view} sortKey="state" onView={onView} />
                  {usage ? <SortHeader view={view} sortKey="usage" onView={onView} /> : <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Used</TableCell>}
                  {!phone && <TableCell>Actions</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={(canEdit ? 4 : 3) + (phone ? 0 : 1)}>
                      <Typography color="textSecondary">No category matches these filters.</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {shown.map((category) => {
                  const block = activationBlock(categories, category.id);
                  const reasonId = `activate-reason-${category.id}`;
                  const counts = usage?.byCategory.get(category.id);
                  const actions = (
                    <>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: phone ? 'wrap' : 'nowrap', rowGap: 0.5 }}>
                          {canEdit && renaming !== category.id && (
                            <Button
                              size="small"
                              onClick={() => {
                                setRenaming(category.id);
                                setRenameError(null);
                              }}
                              aria-label={`Rename ${category.name}`}
                            >
                              Rename
                            </Button>
                          )}
                          {canEdit && category.isActive && (
                            <Button size="small" color="inherit" disabled={busy === category.id} onClick={() => setActive(category, false)} aria-label={`Deactivate ${category.name}`}>
                              Deactivate
                            </Button>
                          )}
                          {canEdit && !category.isActive && (
                            <Button
                              size="small"
                              variant="outlined"
                              disabled={block !== null || busy === category.id}
                              onClick={() => setActive(category, true)}
                              aria-label={`Activate ${category.name}`}
                              aria-describedby={block ? reasonId : undefined}
                            >
                              Activate
                            </Button>
                          )}
                          {canEdit && block && (
                            <Button size="small" onClick={() => setSwap({ into: category.id, key: Date.now() })} aria-label={`Swap in ${category.name}`}>
                              Swap in…
                            </Button>
                          )}
                          <Link component={RouterLink} to={journalHref(category)} variant="body2" aria-label={`Change history of ${category.name}`}>
                            History
                          </Link>
                        </Stack>
                        {canEdit && block && (
                          <Typography variant="caption" color="textSecondary" id={reasonId} component="p" data-testid={`activate-reason-${category.id}`}>
                            Cannot activate: {block}
                          </Typography>
                        )}
                    </>
                  );
                  return (
                    <TableRow key={category.id} data-testid={`category-row-${category.id}`} hover>
                      {canEdit && (
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={selected.has(category.id)}
                            onChange={(e) => {
                              const next = new Set(selected);
                              if (e.target.checked) next.add(category.id);
                              else next.delete(category.id);
                              setSelected(next);
                            }}
                            slotProps={{ input: { 'aria-label': `Select ${category.name}` } }}
                          />
                        </TableCell>
                      )}
                      <TableCell sx={{ minWidth: 160 }}>
                        {renaming === category.id ? (
                          <CategoryRename
                            category={category}
                            categories={categories}
                            saving={edit.isPending}
                            serverError={renameError}
                            onSave={(name) => rename(category, name)}
                            onCancel={() => {
                              setRenaming(null);
                              setRenameError(null);
                            }}
                          />
                        ) : (
                          <>
                            <Typography component="span" sx={{ fontWeight: 500 }}>
                              {category.name}
                            </Typography>
                            <Typography component="span" variant="body2" color="textSecondary" sx={{ ml: 1 }}>
                              #{category.id}
                            </Typography>
                            {phone && <Box sx={{ mt: 0.5 }}>{actions}</Box>}
                          </>
                        )}
                      </TableCell>
                      <TableCell>
                        <Chip size="small" label={category.isActive ? 'Active' : 'Inactive'} color={category.isActive ? 'success' : 'default'} variant={category.isActive ? 'filled' : 'outlined'} />
                      </TableCell>
                      <TableCell sx={{ display: usage ? undefined : { xs: 'none', sm: 'table-cell' } }}>
                        {usage ? (
                          <span data-testid={`usage-${category.id}`}>
                            {counts ? `${counts.updates} updates, ${counts.alerts} alerts` : 'unused'}
                          </span>
                        ) : (
                          <Typography variant="body2" color="textSecondary" component="span">
                            —
                          </Typography>
                        )}
                      </TableCell>
                      {!phone && <TableCell>{actions}</TableCell>}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      {swap && (
        <SwapDialog
          key={swap.key}
          open
          categories={categories}
          initialIn={swap.into}
          running={swapRunning}
          onSwap={(out, into) => void runSwap(out, into)}
          onClose={() => setSwap(null)}
        />
      )}
    </Stack>
  );
}
