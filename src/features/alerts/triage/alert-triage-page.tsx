import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import LowPriorityOutlined from '@mui/icons-material/LowPriorityOutlined';
import type { GridDensity, GridRowId, GridRowSelectionModel } from '@mui/x-data-grid';
import { FilterNotices } from '../../../components/filter-notices.tsx';
import { ProblemMessage } from '../../../components/problem-message.tsx';
import { useSameContent } from '../../../components/use-same-content.ts';
import { shiftDay, type DayRange } from '../../../lib/days.ts';
import type { BulkLowerResult } from '../actions/index.ts';
import type { TriageAlert } from '../../../queries/alert-queue.ts';
import { preloadTriageChart, TriageCounts } from './triage-counts.tsx';
import { downloadCsv } from '../../../lib/csv.ts';
import { useTriageUrlState } from './use-triage-url-state.ts';
import { TriageFilterBar, type PersonOption } from './triage-filter-bar.tsx';
import {
  clearedFilters,
  effectiveSort,
  effectiveTriageRange,
  hasActiveFilters,
  type StatusFilter,
  type TriageSort,
} from './triage-filters.ts';
import type { TriageGridHandle, TriageGridRows } from './triage-grid.tsx';
import {
  ALERT_COLUMNS,
  csvFileName,
  defaultVisibility,
  GROUP_COLUMNS,
  groupByStudent,
  sortGroups,
  sortRows,
  tableCsv,
  tallyRows,
  visibleColumns,
  type TriageRow,
} from './triage-rows.ts';
import { useTriageQueue, type TriageQueue } from './use-triage-queue.ts';
import { isBooleanRecord, useStoredState } from './use-stored-state.ts';

/**
 * `/alerts`: the alert triage queue. Every alert of a date range (default: the last 30 days) is
 * loaded once, with a progress bar; then every filter — status (default Open), categories,
 * creator, student, text — works on the loaded alerts in the browser, at once, and lives in the
 * URL. Counts per status and category say where each filter goes; one row per student gathers a
 * student's alerts; the view exports as CSV. The grid, the chart, the detail drawer and the bulk
 * lowering are separate modules, loaded after the page's filters have painted.
 */

const loadGrid = () => import('./triage-grid.tsx');
const TriageGrid = lazy(async () => ({ default: (await loadGrid()).TriageGrid }));
const loadActions = () => import('../actions/index.ts');
const AlertDrawer = lazy(async () => ({ default: (await loadActions()).AlertDrawer }));
const BulkLowerDialog = lazy(async () => ({ default: (await loadActions()).BulkLowerDialog }));

const number = new Intl.NumberFormat(undefined);
const plural = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;
/** Typing waits this long before it becomes the URL's `q` (the queue itself follows every key). */
const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };
const DENSITIES: readonly GridDensity[] = ['compact', 'standard', 'comfortable'];
const isDensity = (value: unknown): value is GridDensity => DENSITIES.includes(value as GridDensity);

function isSelected(model: GridRowSelectionModel, id: GridRowId): boolean {
  return model.type === 'include' ? model.ids.has(id) : !model.ids.has(id);
}

/** The people of the loaded alerts, most alerts first, for the student and creator pickers. */
function peopleOf(rows: readonly TriageRow[], pick: (row: TriageRow) => { identifier: string; name: string }): PersonOption[] {
  const byId = new Map<string, PersonOption>();
  for (const row of rows) {
    const { identifier, name } = pick(row);
    const entry = byId.get(identifier);
    if (entry) entry.count += 1;
    else byId.set(identifier, { identifier, name, count: 1 });
  }
  return [...byId.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function LoadProgress({ queue }: { queue: TriageQueue }) {
  const { progress } = queue;
  const value = progress && progress.total > 0 ? Math.min(100, (progress.loaded / progress.total) * 100) : undefined;
  const words = progress ? `Loaded ${number.format(progress.loaded)} of ${plural(progress.total, 'alert', 'alerts')}` : 'Loading alerts…';
  return (
    <Box data-testid="triage-progress">
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mb: 0.5 }}>
        {words}
      </Typography>
      <LinearProgress aria-label="Loading alerts" variant={value === undefined ? 'indeterminate' : 'determinate'} {...(value === undefined ? {} : { value })} />
    </Box>
  );
}

function GridPlaceholder() {
  return <Skeleton variant="rounded" height={420} aria-hidden />;
}

export function AlertTriagePage() {
  const { filters, notices, change, text, setText, liveText } = useTriageUrlState();
  // Today, once per visit: the default range (and so the cache key) and the ages hold still while the page is open.
  const [today] = useState(() => new Date());
  const now = today.getTime();
  const { from, to } = filters;
  const range = useMemo(() => effectiveTriageRange({ from, to }, today), [from, to, today]);
  const queue = useTriageQueue(range);
  // The grid's and the chart's code load while the alerts do (after this first paint), not after them.
  useEffect(() => {
    void loadGrid();
    preloadTriageChart();
  }, []);


  const { view, status, creator, student } = filters;
  const { field: sortField, direction: sortDirection } = effectiveSort(filters);
  const sort = useMemo<TriageSort>(() => ({ field: sortField, direction: sortDirection }), [sortField, sortDirection]);
  // Keyed on the content: the parsed array is new on every URL change.
  const categories = useSameContent(filters.categories, filters.categories.join(','));

  // Sorting is the slow step (thousands of comparisons): done once per load and sort, not per filter.
  const ordered = useMemo(() => (view === 'alert' ? sortRows(queue.rows, sort) : queue.rows), [queue.rows, view, sort]);
  const tally = useMemo(() => tallyRows(ordered, { status, categories, creator, student, q: liveText }), [ordered, status, categories, creator, student, liveText]);
  const groups = useMemo(() => (view === 'student' ? sortGroups(groupByStudent(tally.shown), sort) : []), [view, tally.shown, sort]);
  const gridData = useMemo<TriageGridRows>(() => (view === 'alert' ? { view, rows: tally.shown } : { view, rows: groups }), [view, tally.shown, groups]);
  const shownAlerts = useMemo<readonly TriageAlert[]>(() => tally.shown.map((row) => row.alert), [tally.shown]);
  const students = useMemo(() => peopleOf(queue.rows, (r) => ({ identifier: r.studentId, name: r.studentName })), [queue.rows]);
  const creators = useMemo(() => peopleOf(queue.rows, (r) => ({ identifier: r.creatorId, name: r.creatorName })), [queue.rows]);

  // How the person arranges the grid is theirs (localStorage), not the link's.
  const [alertVisibility, setAlertVisibility] = useStoredState('triage:columns:alert', defaultVisibility(ALERT_COLUMNS), isBooleanRecord);
  const [groupVisibility, setGroupVisibility] = useStoredState('triage:columns:student', defaultVisibility(GROUP_COLUMNS), isBooleanRecord);
  const [density, setDensity] = useStoredState<GridDensity>('triage:density', 'standard', isDensity);

  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);
  const [openId, setOpenId] = useState<number | null>(null);
  // The alert last opened: focus goes back to its row when the drawer closes.
  const lastOpened = useRef<number | null>(null);
  // The drawer's module loads on the first opening and stays mounted (its closing slide).
  const [drawerUsed, setDrawerUsed] = useState(false);
  // The alerts of a bulk run, fixed when the dialog opens: lowering them changes the selection's statuses.
  const [bulkAlerts, setBulkAlerts] = useState<readonly TriageAlert[] | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const gridRef = useRef<TriageGridHandle>(null);
  const [drawerWidth, setDrawerWidth] = useState(0);
  useEffect(() => {
    if (openId !== null && drawerWidth === 0) void loadActions().then((m) => setDrawerWidth(m.ALERT_DRAWER_WIDTH));
  }, [openId, drawerWidth]);

  // A new view has other row ids: what was selected or open there does not carry over.
  const [lastView, setLastView] = useState(view);
  if (lastView !== view) {
    setLastView(view);
    setSelection(NO_SELECTION);
    setOpenId(null);
  }

  /** Only what is selected and shown, and still open, is lowered. */
  const selectedOpen = useMemo(() => {
    const picked = view === 'alert' ? tally.shown.filter((row) => isSelected(selection, row.id)) : groups.filter((g) => isSelected(selection, g.id)).flatMap((g) => g.alerts);
    return picked.filter((row) => row.status === 'Open').map((row) => row.alert);
  }, [view, tally.shown, groups, selection]);

  const onOpen = useCallback(
    (id: GridRowId) => {
      if (view === 'student') {
        // A student's row opens their alerts (Back returns to the students).
        change({ student: String(id), view: 'alert' }, { push: true });
        return;
      }
      lastOpened.current = Number(id);
      setDrawerUsed(true);
      setOpenId(Number(id));
    },
    [view, change],
  );
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
  /** The drawer moved to another alert, or closed: its row is where focus goes back. */
  const onDrawerChange = useCallback((id: number | null) => {
    if (id !== null) lastOpened.current = id;
    setOpenId(id);
  }, []);
  const onSortChange = useCallback((next: TriageSort | null) => change({ sort: next }), [change]);
  const onStatusChange = useCallback((next: StatusFilter) => change({ status: next }), [change]);
  const onCategoryToggle = useCallback(
    (id: number) => change(({ categories: chosen }) => ({ categories: chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id] })),
    [change],
  );
  const onRangeChange = useCallback((next: DayRange) => change(next), [change]);
  const onStudentChange = useCallback((identifier: string | null) => change({ student: identifier }), [change]);
  const onCreatorChange = useCallback((identifier: string | null) => change({ creator: identifier }), [change]);
  const onGroupedChange = useCallback((grouped: boolean) => change({ view: grouped ? 'student' : 'alert', sort: null }), [change]);
  const onClear = useCallback(() => {
    setText('');
    change(clearedFilters);
  }, [change, setText]);

  const exportCsv = () => {
    const csv =
      view === 'alert'
        ? tableCsv(tally.shown, visibleColumns(ALERT_COLUMNS, alertVisibility), now)
        : tableCsv(groups, visibleColumns(GROUP_COLUMNS, groupVisibility), now);
    downloadCsv(csvFileName(filters, range), csv);
  };

  const loaded = !queue.isPending;
  const total = queue.rows.length;
  const shownCount = tally.shown.length;
  const summary = queue.isPartial
    ? `Showing ${number.format(shownCount)} of the newest ${plural(total, 'alert', 'alerts')}; loading the rest of ${number.format(queue.totalValues)} created from ${range.from} to ${range.to}…`
    : view === 'alert'
      ? `Showing ${number.format(shownCount)} of ${plural(total, 'alert', 'alerts')} created from ${range.from} to ${range.to}.`
      : `${plural(groups.length, 'student', 'students')} with ${number.format(shownCount)} of ${plural(total, 'alert', 'alerts')} created from ${range.from} to ${range.to}.`;
  const filtered = hasActiveFilters({ ...filters, q: liveText });

  return (
    // On wide screens the queue makes room for the drawer; on narrower ones the drawer covers the
    // queue's right-hand columns rather than squeezing the whole page.
    <Stack spacing={2.5} sx={{ mr: { xl: openId !== null ? `${drawerWidth}px` : 0 }, transition: 'margin 225ms' }}>
      <Box>
        <Typography variant="h4" component="h1">
          Alerts
        </Typography>
        <Typography color="text.secondary">
          Triage the alerts raised from {range.from} to {range.to}: filter, group by student, open one to act on it, or lower several at once.
        </Typography>
      </Box>

      <TriageFilterBar
        text={text}
        onTextChange={setText}
        students={students}
        student={student}
        onStudentChange={onStudentChange}
        creators={creators}
        creator={creator}
        onCreatorChange={onCreatorChange}
        range={range}
        onRangeChange={onRangeChange}
        grouped={view === 'student'}
        onGroupedChange={onGroupedChange}
        canClear={filtered}
        onClear={onClear}
      />

      <FilterNotices notices={notices} />

      {queue.error !== null && <ProblemMessage error={queue.error} onRetry={queue.retry} />}
      {queue.invalidCount > 0 && (
        <Alert severity="warning">
          {plural(queue.invalidCount, 'alert', 'alerts')} could not be shown: the service sent data the dashboard could not read.
        </Alert>
      )}

      {(queue.isPending || queue.isPartial) && queue.error === null && <LoadProgress queue={queue} />}

      {loaded && (
        <TriageCounts
          status={status}
          statusCounts={tally.statusCounts}
          categories={categories}
          categoryCounts={tally.categoryCounts}
          onStatusChange={onStatusChange}
          onCategoryToggle={onCategoryToggle}
        />
      )}

      {loaded && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" role="status" data-testid="triage-summary" sx={{ flexGrow: 1 }}>
            {summary}
            {queue.isFetching ? ' Refreshing…' : ''}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<LowPriorityOutlined />}
            disabled={selectedOpen.length === 0}
            onClick={() => {
              setBulkAlerts(selectedOpen);
              setBulkOpen(true);
            }}
          >
            Lower selected{selectedOpen.length > 0 ? ` (${number.format(selectedOpen.length)})` : ''}
          </Button>
          <Button variant="outlined" startIcon={<FileDownloadOutlined />} disabled={shownCount === 0} onClick={exportCsv}>
            Export CSV
          </Button>
        </Stack>
      )}

      {loaded && shownCount === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid="triage-empty">
          <Typography sx={{ mb: 1.5 }}>
            {total === 0
              ? 'No alerts were raised in this range.'
              : filtered
                ? 'No alerts match these filters.'
                : `No ${status === 'all' ? '' : `${status.toLowerCase()} `}alerts in this range.`}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
            {filtered && (
              <Button variant="outlined" onClick={onClear}>
                Clear filters
              </Button>
            )}
            <Button variant="outlined" onClick={() => change({ from: shiftDay(range.to, -90), to: range.to })}>
              Widen to the last 90 days
            </Button>
          </Stack>
        </Paper>
      )}

      {loaded && shownCount > 0 && (
        <Suspense fallback={<GridPlaceholder />}>
          <TriageGrid
            // Each view its own grid: other columns, other row ids.
            key={view}
            handleRef={gridRef}
            data={gridData}
            now={now}
            sort={sort}
            onSortChange={onSortChange}
            columnVisibility={view === 'alert' ? alertVisibility : groupVisibility}
            onColumnVisibilityChange={view === 'alert' ? setAlertVisibility : setGroupVisibility}
            density={density}
            onDensityChange={setDensity}
            selection={selection}
            onSelectionChange={setSelection}
            onOpen={onOpen}
            openId={openId}
            resetKey={`${view}|${status}|${categories.join(',')}|${creator ?? ''}|${student ?? ''}|${liveText}|${range.from}|${range.to}`}
          />
        </Suspense>
      )}
      {!loaded && queue.error === null && <GridPlaceholder />}

      {/* The drawer and the bulk dialog (src/features/alerts/actions) load when first used. */}
      {drawerUsed && (
        <Suspense fallback={null}>
          <AlertDrawer
            alerts={shownAlerts}
            openId={openId}
            onOpenChange={onDrawerChange}
            onClosed={() => {
              if (lastOpened.current !== null) gridRef.current?.focusRow(lastOpened.current);
            }}
          />
        </Suspense>
      )}
      {bulkAlerts !== null && (
        <Suspense fallback={null}>
          <BulkLowerDialog alerts={bulkAlerts} open={bulkOpen} onClose={() => setBulkOpen(false)} onFinished={deselectLowered} />
        </Suspense>
      )}
    </Stack>
  );
}
