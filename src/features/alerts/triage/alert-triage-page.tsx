import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridDensity, GridRowId } from '@mui/x-data-grid';
import { PAGES } from '../../../app/route-table.ts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { FilterNotices } from '../../../components/filter-notices.tsx';
import { ProblemMessage } from '../../../components/problem-message.tsx';
import { downloadCsv } from '../../../lib/csv.ts';
import { giveLoggedExport } from '../../../queries/exports.ts';
import { toastBus } from '../../../components/toast-bus.ts';
import { describeError } from '../../../components/problem-message.tsx';
import { shiftDay, type DayRange } from '../../../lib/dates.ts';
import type { TriageAlert } from '../../../queries/alert-queue.ts';
import { ALERT_DRAWER_WIDTH } from '../actions/drawer-width.ts';
import { TriageCounts } from './triage-counts.tsx';
import { TriageFilterBar } from './triage-filter-bar.tsx';
import { clearedFilters, effectiveTriageRange, type StatusFilter, type TriageSort } from './triage-filters.ts';
import type { TriageGridHandle } from './triage-grid.tsx';
import { ALERT_COLUMNS, csvFileName, defaultVisibility, GROUP_COLUMNS, tableCsv, visibleColumns } from './triage-rows.ts';
import { LoadProgress, QueuePlaceholder, TriageEmpty } from './triage-states.tsx';
import { TriageToolbar } from './triage-toolbar.tsx';
import { TriggerAttributionProvider } from './trigger-attribution.tsx';
import { useOpenAlert } from './use-open-alert.ts';
import { useSearchParamsWriter } from '../../../components/use-search-params-writer.ts';
import { isBooleanRecord, useStoredState } from './use-stored-state.ts';
import { useTriageQueue } from './use-triage-queue.ts';
import { useTriageSelection } from './use-triage-selection.ts';
import { useTriageUrlState } from './use-triage-url-state.ts';
import { useTriageView } from './use-triage-view.ts';
import { TriageClaims, useTriageClaims } from './triage-claims.tsx';
import { RaisedByMePanel } from '../raised/raised-by-me-panel.tsx';
import { useQuery } from '@tanstack/react-query';
import { sessionQueries } from '../../../queries/session.ts';
import { lazyFrom, preloadable } from '../../../components/preloadable.ts';

/**
 * `/alerts`: the alert triage queue. Every alert of a date range (default: the last 30 days) is
 * loaded once, with a progress bar; then every filter — status (default Open), categories,
 * creator, student, text — works on the loaded alerts in the browser, at once, and lives in the
 * URL, as does the alert open in the drawer (`?alert=123`). The queue comes first on the screen:
 * the filters in one row, the counts in another (their chart on demand), then the rows — a grid on
 * a desk, cards on a phone. From `lg` up the drawer sits beside the grid, which narrows.
 *
 * This module composes; the parts are: the URL's filters (use-triage-url-state) and open alert
 * (use-open-alert), the derived view (use-triage-view), the selection (use-triage-selection), the
 * filter bar, counts, toolbar, states, and the grid, cards, drawer and bulk lowering, which load
 * when needed.
 */

const loadGrid = preloadable(() => import('./triage-grid.tsx'));
const TriageGrid = lazyFrom(loadGrid, (m) => m.TriageGrid);
const loadCards = preloadable(() => import('./triage-cards.tsx'));
const TriageCards = lazyFrom(loadCards, (m) => m.TriageCards);
const loadActions = preloadable(() => import('../actions/index.ts'));
const AlertDrawer = lazyFrom(loadActions, (m) => m.AlertDrawer);
const BulkLowerDialog = lazyFrom(loadActions, (m) => m.BulkLowerDialog);

const DENSITIES: readonly GridDensity[] = ['compact', 'standard', 'comfortable'];
const isDensity = (value: unknown): value is GridDensity => DENSITIES.includes(value as GridDensity);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isPhone = (theme: Theme) => theme.breakpoints.down('sm');

export function AlertTriagePage() {
  // One writer of the URL for the filters and the open alert: their writes come in order.
  const url = useSearchParamsWriter();
  const { filters: urlFilters, notices, change, text, setText, liveText } = useTriageUrlState(url);
  // `?raisedBy=me` (#32 item 5): the signed-in person's own alerts, every status unless the URL names one.
  const session = useQuery(sessionQueries.current());
  const me = session.data?.identifier;
  const raisedByMe = url[0].get('raisedBy') === 'me';
  const explicitStatus = url[0].has('status');
  const filters = useMemo(
    () => (raisedByMe && me ? { ...urlFilters, creator: me, status: explicitStatus ? urlFilters.status : ('all' as const) } : urlFilters),
    [raisedByMe, me, urlFilters, explicitStatus],
  );
  const { openId: urlOpenId, notice: alertNotice, setOpenAlert } = useOpenAlert(url);
  // Today, once per visit: the default range (and so the cache key) and the ages hold still while the page is open.
  const [today] = useState(() => new Date());
  const now = today.getTime();
  const { from, to, view, status } = filters;
  const range = useMemo(() => effectiveTriageRange({ from, to }, today), [from, to, today]);
  const queue = useTriageQueue(range);
  const shown = useTriageView(queue, filters, liveText, range);
  const claims = useTriageClaims(shown.shownAlerts);
  const creatorNames = useMemo(() => new Map(queue.rows.map((r) => [r.creatorId, r.creatorName] as const)), [queue.rows]);
  const { selection, setSelection, selectedOpen, deselectLowered } = useTriageSelection(view, shown.tally.shown, shown.groups);
  const phone = useMediaQuery(isPhone, { noSsr: true });
  // The rows' code loads while the alerts do (after this first paint), not after them.
  useEffect(() => {
    void (phone ? loadCards() : loadGrid());
  }, [phone]);

  // How the person arranges the queue is theirs (localStorage), not the link's.
  const [alertVisibility, setAlertVisibility] = useStoredState('triage:columns:alert', defaultVisibility(ALERT_COLUMNS), isBooleanRecord);
  const [groupVisibility, setGroupVisibility] = useStoredState('triage:columns:student', defaultVisibility(GROUP_COLUMNS), isBooleanRecord);
  const [density, setDensity] = useStoredState<GridDensity>('triage:density', 'standard', isDensity);
  const [chartOpen, setChartOpen] = useStoredState('triage:chart', false, isBoolean);

  // The drawer shows alerts; per student, a row opens the student's alerts instead.
  const openId = view === 'alert' ? urlOpenId : null;
  useEffect(() => {
    if (view === 'student' && urlOpenId !== null) setOpenAlert(null);
  }, [view, urlOpenId, setOpenAlert]);
  // The alert last opened: focus goes back to its row when the drawer closes.
  const lastOpened = useRef<number | null>(null);
  // The drawer's module loads on the first opening and stays mounted (its closing slide).
  const [drawerUsed, setDrawerUsed] = useState(openId !== null);
  if (openId !== null && !drawerUsed) setDrawerUsed(true);
  // The alerts of a bulk run, fixed when the dialog opens: lowering them changes the selection's statuses.
  const [bulkAlerts, setBulkAlerts] = useState<readonly TriageAlert[] | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const gridRef = useRef<TriageGridHandle>(null);

  const onOpen = useCallback(
    (id: GridRowId) => {
      if (view === 'student') {
        // A student's row opens their alerts (Back returns to the students).
        change({ student: String(id), view: 'alert' }, { push: true });
        return;
      }
      lastOpened.current = Number(id);
      setOpenAlert(Number(id), { push: urlOpenId === null });
    },
    [view, change, setOpenAlert, urlOpenId],
  );
  /** The drawer moved to another alert (the same history entry), or closed (a new one: Back opens it again). */
  const onDrawerChange = useCallback(
    (id: number | null) => {
      if (id !== null) lastOpened.current = id;
      setOpenAlert(id, { push: id === null });
    },
    [setOpenAlert],
  );
  const lower = useCallback((alerts: readonly TriageAlert[]) => {
    setBulkAlerts(alerts);
    setBulkOpen(true);
  }, []);
  const onLowerOne = useCallback((alert: TriageAlert) => lower([alert]), [lower]);
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

  // Stable callbacks: the toolbar's buttons render again only when what they show changes.
  const shownRows = shown.tally.shown;
  const groups = shown.groups;
  const exportCsv = useCallback(() => {
    const csv =
      view === 'alert'
        ? tableCsv(shownRows, visibleColumns(ALERT_COLUMNS, alertVisibility), now)
        : tableCsv(groups, visibleColumns(GROUP_COLUMNS, groupVisibility), now);
    const rows = view === 'alert' ? shownRows : groups;
    // The export leaves its trace at the gateway first (#30): no entry, no file.
    giveLoggedExport(
      `triage.${view}.csv`,
      rows.length,
      rows.map((r) => r.studentId),
      () => downloadCsv(csvFileName({ status, view }, range), csv),
    ).catch((error: unknown) => toastBus.show(`No file was made: ${describeError(error)}`, 'error'));
  }, [view, status, range, shownRows, groups, alertVisibility, groupVisibility, now]);
  const onLowerSelected = useCallback(() => lower(selectedOpen), [lower, selectedOpen]);

  // Counts, the summary and "nothing here" speak of loaded alerts only: never of a load that failed.
  const hasData = queue.hasData;
  const allNotices = alertNotice === null ? notices : [...notices, alertNotice];
  const rowsProps = { data: shown.rows, now, selection, onSelectionChange: setSelection, onOpen, openId, resetKey: shown.resetKey };

  return (
    // From `lg` up the queue makes room for the drawer (the grid narrows); below, the drawer covers it.
    <Stack spacing={{ xs: 1, sm: 2 }} sx={{ mr: { lg: openId !== null ? `${ALERT_DRAWER_WIDTH}px` : 0 }, transition: 'margin 225ms' }}>
      {/* Fixed words (the range is in the summary and under Filters): the route table's, painted by the server's first frame too. */}
      <PageHeading route={PAGES.alerts} />

      <TriageFilterBar
        text={text}
        onTextChange={setText}
        students={shown.students}
        student={filters.student}
        onStudentChange={onStudentChange}
        creators={shown.creators}
        creator={filters.creator}
        onCreatorChange={onCreatorChange}
        range={range}
        onRangeChange={onRangeChange}
        canClear={shown.filtered}
        onClear={onClear}
      />

      <FilterNotices notices={allNotices} />

      {queue.error !== null && <ProblemMessage error={queue.error} onRetry={queue.retry} />}
      {queue.invalidCount > 0 && (
        <Alert severity="warning">
          {queue.invalidCount === 1 ? '1 alert' : `${queue.invalidCount} alerts`} could not be shown: the service sent data the dashboard could not read.
        </Alert>
      )}

      {(queue.isPending || queue.isPartial) && queue.error === null && <LoadProgress queue={queue} />}

      {hasData && (
        <TriageCounts
          status={status}
          statusCounts={shown.tally.statusCounts}
          categoryNames={shown.categoryNames}
          categories={shown.categories}
          categoryCounts={shown.tally.categoryCounts}
          onStatusChange={onStatusChange}
          onCategoryToggle={onCategoryToggle}
          chartOpen={chartOpen}
          onChartOpenChange={setChartOpen}
        />
      )}

      {hasData && (
        <TriageToolbar
          summary={shown.summary}
          refreshing={queue.isFetching}
          grouped={view === 'student'}
          onGroupedChange={onGroupedChange}
          selectedOpen={selectedOpen.length}
          onLowerSelected={onLowerSelected}
          canExport={shown.shownCount > 0}
          onExport={exportCsv}
        />
      )}

      {hasData && shown.shownCount === 0 && (
        <TriageEmpty
          total={shown.total}
          filtered={shown.filtered}
          status={status}
          onClear={onClear}
          onWiden={() => change({ from: shiftDay(range.to, -90), to: range.to })}
        />
      )}

      {raisedByMe && hasData && (
        <RaisedByMePanel
          alerts={shown.shownAlerts}
          range={range}
          responseDays={session.data?.alertResponseDays ?? 3}
          names={creatorNames}
          now={now}
          onOpen={onOpen}
        />
      )}

      {hasData && shown.shownCount > 0 && (
        <TriageClaims value={claims}>
          <Suspense fallback={<QueuePlaceholder />}>
            <TriggerAttributionProvider>
              {phone ? (
                <TriageCards key={view} {...rowsProps} onLower={onLowerOne} />
              ) : (
                <TriageGrid
                  // Each view its own grid: other columns, other row ids.
                  key={view}
                  handleRef={gridRef}
                  {...rowsProps}
                  sort={shown.sort}
                  onSortChange={onSortChange}
                  columnVisibility={view === 'alert' ? alertVisibility : groupVisibility}
                  onColumnVisibilityChange={view === 'alert' ? setAlertVisibility : setGroupVisibility}
                  density={density}
                  onDensityChange={setDensity}
                  narrow={openId !== null}
                />
              )}
            </TriggerAttributionProvider>
          </Suspense>
        </TriageClaims>
      )}
      {!hasData && queue.error === null && <QueuePlaceholder />}

      {/* The drawer and the bulk dialog (src/features/alerts/actions) load when first used. */}
      {drawerUsed && (
        <Suspense fallback={null}>
          <AlertDrawer
            alerts={shown.shownAlerts}
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
