import { memo, startTransition, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { FilterNotices } from '../../components/filter-notices.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { useSameContent } from '../../components/use-same-content.ts';
import { CATEGORIES_PARAM, hasLegacySpelling } from '../../lib/url-state.ts';
import { formatDayRange, type DayRange } from '../../lib/dates.ts';
import { WriteSection } from '../../components/compose/write-section.tsx';
import { StudentHeader, type StudentCounts } from './student-header.tsx';
import { NewSinceNotice, countNew, type NewSince } from './new-since.tsx';
import { myStudentsQueries, useMe } from '../../queries/my-students.ts';
import { NotAStudent } from './not-a-student.tsx';
import { NotInNetwork } from './not-in-network.tsx';
import { useQuery } from '@tanstack/react-query';
import { studentAccessQueries } from '../../queries/student-access.ts';
import { useIsAdmin } from '../../queries/permissions.ts';
import { PAGES } from '../../app/route-table.ts';
import Link from '@mui/material/Link';
import { StudentNotFound } from './student-not-found.tsx';
import { kindsInWords, loadedKinds } from './partial-load.ts';
import { usePersonExistence } from '../../queries/people-existence.ts';
import { TimelineFilterBar } from './timeline-filter-bar.tsx';
import {
  effectiveRange,
  hasActiveFilters,
  KIND_WORDS,
  NO_FILTERS,
  parseTimelineFilters,
  TIMELINE_KINDS,
  writeTimelineFilters,
  type TimelineFilters,
  type TimelineKind,
} from './timeline-filters.ts';
import { categoriesOf, filterTimeline, type TimelineItem } from './timeline-items.ts';
import { TimelineList } from './timeline-list.tsx';
import { HiddenNotes } from './hidden-notes.tsx';
import { useEncouragementTypes, useStudentTimeline, type KindLoad, type StudentTimeline } from './use-student-timeline.ts';
import { lazyFrom, preloadable } from '../../components/preloadable.ts';

// The side panels load with their data, once the timeline's own lists are in (see StudentView):
// their code (the score profile, the network list) is not on the way to the first rows.
const loadScores = preloadable(() => import('./factor-scores-panel.tsx'));
const FactorScoresPanel = lazyFrom(loadScores, (m) => m.FactorScoresPanel);
const loadNetwork = preloadable(() => import('./success-network-panel.tsx'));
const SuccessNetworkPanel = lazyFrom(loadNetwork, (m) => m.SuccessNetworkPanel);

/** "Now" for relative times, moved on every minute. */
function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function KindFailure({ load }: { load: KindLoad }) {
  return (
    <Box role="group" aria-label={`${KIND_WORDS[load.kind].many} failed to load`} data-testid={`failed-${load.kind}`}>
      <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        {KIND_WORDS[load.kind].many} could not be loaded.
      </Typography>
      <ProblemMessage error={load.error} onRetry={load.retry} />
    </Box>
  );
}

/** Every kind failed: one message (the first failure's reason), one retry for all, and nothing that counts. */
function TimelineFailure({ loads }: { loads: readonly KindLoad[] }) {
  return (
    <Box role="group" aria-label="The timeline failed to load" data-testid="failed-timeline">
      <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        The timeline could not be loaded.
      </Typography>
      <ProblemMessage error={loads[0]?.error} onRetry={() => loads.forEach((load) => load.retry())} />
    </Box>
  );
}

/** What the list shows, in one line: never a count of data that failed to load. */
function summaryText(settled: boolean, loading: readonly KindLoad[], failed: readonly TimelineKind[], shown: number, total: number, range: DayRange): string {
  if (!settled) return `Loading ${kindsInWords(loading.map((load) => load.kind))}…`;
  if (failed.length > 0) return `Showing ${kindsInWords(loadedKinds(failed))} only (${kindsInWords(failed)} missing) ${formatDayRange(range)}.`;
  return `Showing ${shown} of ${total} ${total === 1 ? 'notation' : 'notations'} ${formatDayRange(range)}.`;
}

function TimelineSkeleton() {
  return (
    <Stack spacing={1.5} aria-hidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={120} />
      ))}
    </Stack>
  );
}

interface TimelineSectionProps {
  student: string;
  /** A phone: the filters beyond the search fold away. */
  compact: boolean;
  filters: TimelineFilters;
  notices: readonly string[];
  range: DayRange;
  timeline: StudentTimeline;
  /**
   * What is new since the person's previous visit (#32 item 2): undefined while that visit is being
   * asked for; null on a first visit, or when it is not known.
   */
  newSince: NewSince | null | undefined;
}

function TimelineSection({ student, compact, filters, notices, range, timeline, newSince }: TimelineSectionProps) {
  const now = useNow();
  const [searchParams, setSearchParams] = useSearchParams();
  // For searching by type name.
  const types = useEncouragementTypes();
  const typeNames = useMemo(() => new Map((types.data?.values ?? []).map((type) => [String(type.id), type.name])), [types.data]);

  // Filtering thousands of items waits for React to be idle; typing and ticking stay responsive.
  const deferredFilters = useDeferredValue(filters);
  const shown = useMemo(
    () =>
      filterTimeline(timeline.items, deferredFilters, range, {
        extraText: (item) => (item.encouragementTypeId ? typeNames.get(item.encouragementTypeId) : undefined),
      }),
    [timeline.items, deferredFilters, range, typeNames],
  );
  const found = useMemo(() => categoriesOf(timeline.items), [timeline.items]);
  // The same categories keep the same array, so the (memoised) filter bar skips the re-render.
  const categoryOptions = useSameContent(found, found.map((category) => `${category.id}:${category.name}`).join('\n'));

  const change = useCallback(
    (next: Partial<TimelineFilters>) =>
      setSearchParams((previous) => writeTimelineFilters(previous, { ...parseTimelineFilters(previous).filters, ...next }), { replace: true }),
    [setSearchParams],
  );
  const clear = useCallback(() => setSearchParams((previous) => writeTimelineFilters(previous, NO_FILTERS), { replace: true }), [setSearchParams]);
  // A link in an older spelling (`category=3&category=7`) opens, then reads in the one spelling.
  useEffect(() => {
    if (hasLegacySpelling(searchParams, [CATEGORIES_PARAM])) change({});
  }, [searchParams, change]);

  const loads = TIMELINE_KINDS.map((kind) => timeline.loads[kind]);
  const failed = loads.filter((load) => load.error !== null);
  const loading = loads.filter((load) => load.isPending && load.error === null);
  const settled = loading.length === 0;
  const allFailed = failed.length === loads.length;
  // A revisit's notice goes above the rows and its marks inside them: the rows wait for the visit's
  // answer and come with both, so that neither moves them once they are on screen.
  const waiting = newSince === undefined || (!settled && timeline.items.length === 0);

  return (
    <Box component="section" aria-labelledby="timeline-heading">
      <Typography id="timeline-heading" variant="h5" component="h2" sx={{ mb: { xs: 1, md: 2 } }}>
        Timeline
      </Typography>
      <Stack spacing={2}>
        {allFailed ? (
          <TimelineFailure loads={failed} />
        ) : (
          <>
            <TimelineFilterBar filters={filters} range={range} categoryOptions={categoryOptions} onChange={change} onClear={clear} compact={compact} />

            <FilterNotices notices={notices} />

            {failed.map((load) => (
              <KindFailure key={load.kind} load={load} />
            ))}

            {timeline.invalidCount > 0 && (
              <Alert severity="warning">
                {timeline.invalidCount} {timeline.invalidCount === 1 ? 'item' : 'items'} could not be shown: the service sent data the dashboard could not read.
              </Alert>
            )}

            {/* Two lines kept on a phone, where "Showing … from … to …" wraps and "Loading …" does not: the rows below stay put. */}
            <Typography variant="body2" color="textSecondary" role="status" data-testid="timeline-summary" sx={{ minHeight: { xs: '2lh', md: 0 } }}>
              {summaryText(
                settled,
                loading,
                failed.map((load) => load.kind),
                shown.length,
                timeline.items.length,
                range,
              )}
            </Typography>

            <HiddenNotes hidden={timeline.hiddenByAudience} />

            {newSince && !waiting && <NewSinceNotice since={newSince.since} count={countNew(timeline.items, newSince)} />}

            <Box aria-busy={waiting || !settled} aria-live="off">
              {/* The bar's room stays once loaded, so the rows do not move up when it goes. */}
              {!waiting &&
                timeline.items.length > 0 &&
                (settled ? <Box sx={{ height: 4, mb: 1.5 }} /> : <LinearProgress aria-label="Loading the timeline" sx={{ mb: 1.5 }} />)}
              {waiting && (
                <>
                  <LinearProgress aria-label="Loading the timeline" sx={{ mb: 1.5 }} />
                  <TimelineSkeleton />
                </>
              )}
              {!waiting && settled && shown.length === 0 && (
                <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
                  <Typography sx={{ mb: hasActiveFilters(filters) ? 1.5 : 0 }}>
                    {failed.length > 0
                      ? 'None of the notations that loaded match these filters'
                      : timeline.hiddenByAudience
                        ? 'None of the notations you may read match these filters'
                        : 'No notations match these filters'}
                  </Typography>
                  {hasActiveFilters(filters) && (
                    <Button variant="outlined" onClick={clear}>
                      Clear filters
                    </Button>
                  )}
                </Paper>
              )}
              {!waiting && shown.length > 0 && (
                <TimelineList items={shown} student={student} now={now} label={`Timeline of ${student}`} newSince={newSince ?? null} />
              )}
            </Box>
          </>
        )}
      </Stack>
    </Box>
  );
}

function PanelPlaceholder({ title }: { title: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} aria-busy sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <LinearProgress aria-label={`Loading ${title.toLowerCase()}`} />
    </Paper>
  );
}

/** The sections a phone shows one at a time (`?tab=`); a desk shows them side by side. */
const SECTIONS = ['timeline', 'network', 'scores'] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_LABELS: Record<Section, string> = { timeline: 'Timeline', network: 'Network', scores: 'Scores' };
const SECTION_PARAM = 'tab';
const readSection = (params: URLSearchParams): Section => {
  const value = params.get(SECTION_PARAM);
  return (SECTIONS as readonly string[]).includes(value ?? '') ? (value as Section) : 'timeline';
};

// Memoised: MUI's Tabs measure themselves (a forced layout) each time they render, and every list
// arriving on the page rendered the view above them again.
const SectionTabs = memo(function SectionTabs({ section }: { section: Section }) {
  const [, setSearchParams] = useSearchParams();
  const choose = (next: Section) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      if (next === 'timeline') params.delete(SECTION_PARAM);
      else params.set(SECTION_PARAM, next);
      return params;
    });
  return (
    <Tabs
      value={section}
      onChange={(_, value: Section) => choose(value)}
      variant="fullWidth"
      aria-label="Sections of the student page"
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {SECTIONS.map((value) => (
        <Tab key={value} value={value} label={SECTION_LABELS[value]} id={`section-tab-${value}`} aria-controls={`section-panel-${value}`} />
      ))}
    </Tabs>
  );
});

function StudentView({ student }: { student: string }) {
  const [searchParams] = useSearchParams();
  const { filters, notices } = useMemo(() => parseTimelineFilters(searchParams), [searchParams]);
  // Today, once per visit: the default range (and so the cache keys) holds still while the page is open.
  const [today] = useState(() => new Date());
  const { from, to } = filters;
  const range = useMemo(() => effectiveRange({ from, to }, today), [from, to, today]);
  const existence = usePersonExistence(student);
  const access = useQuery(studentAccessQueries.check(student));
  const admin = useIsAdmin();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const section = phone ? readSection(searchParams) : null;
  const timeline = useStudentTimeline(student, range);
  // Opening the student is a visit (#32 item 2): recorded once the person may open them; the answer is the visit before.
  const visit = useQuery({ ...myStudentsQueries.visit(student), enabled: access.data?.allowed === true });
  const me = useMe();
  const previous = visit.data?.previous;
  // Asked once the person may open the student; a failed answer is known too (no notice, no marks).
  const asking = access.data?.allowed === true && visit.isPending;
  const newSince = useMemo(() => (asking ? undefined : previous && me ? { since: previous, me } : null), [asking, previous, me]);
  const ownListsSettled = !timeline.loads.update.isPending && !timeline.loads.alert.isPending && !timeline.loads.dataInsight.isPending;
  // The side panels wait for a commit after the rows' (see `panel` below).
  const [panelsShown, setPanelsShown] = useState(false);
  useEffect(() => {
    if (!ownListsSettled || panelsShown) return;
    // Their code first: a panel that suspended would show its placeholder, and React holds what
    // comes after a fallback for 300 ms. A failed load renders them all the same (the lazy retries).
    const show = () => startTransition(() => setPanelsShown(true));
    void Promise.all([loadScores(), loadNetwork()]).then(show, show);
  }, [ownListsSettled, panelsShown]);
  const failedKinds = TIMELINE_KINDS.filter((kind) => timeline.loads[kind].error !== null).join(',');
  // Keyed on what the counts say, so that the (memoised) header re-renders only when they change.
  const counts = useMemo(
    () => (timeline.isPending ? null : countsOf(timeline.items, failedKinds === '' ? [] : (failedKinds.split(',') as TimelineKind[]))),
    [timeline.isPending, timeline.items, failedKinds],
  );

  if (existence.status === 'unknown') return <StudentNotFound identifier={student} />;
  if (existence.status === 'known' && existence.person && existence.person.role !== 'Student') return <NotAStudent person={existence.person} />;
  // Outside the student's network, without a grant: the name, the reason, and how to state one (#30).
  if (access.data && !access.data.allowed)
    return <NotInNetwork student={student} person={existence.status === 'known' ? existence.person : null} hours={access.data.grantHours} />;

  const timelineColumn = (
    <Stack spacing={{ xs: 2, md: 3 }} sx={{ minWidth: 0 }}>
      {/* Nothing to write on until the student is known to exist. */}
      <WriteSection student={student} disabled={existence.status === 'checking'} />
      <TimelineSection student={student} compact={phone} filters={filters} notices={notices} range={range} timeline={timeline} newSince={newSince} />
    </Stack>
  );
  // The panels ask for their data once the timeline's own lists have answered, so that their
  // requests and renders do not hold back the first rows; a phone's tab asks at once. They render
  // in a commit after the rows': on a revisit everything is cached, and the panels' render (the
  // scores' trend chart) in the rows' own commit held back their first paint (panelsShown above).
  const panel = (title: string, content: ReactNode) => {
    const placeholder = <PanelPlaceholder title={title} />;
    return (ownListsSettled && panelsShown) || phone ? <Suspense fallback={placeholder}>{content}</Suspense> : placeholder;
  };
  const network = panel('Success network', <SuccessNetworkPanel student={student} />);
  const scores = panel('Non-cognitive factor scores', <FactorScoresPanel student={student} />);

  return (
    <Stack spacing={{ xs: 2, md: 3 }}>
      <StudentHeader student={student} range={range} counts={counts} />
      {admin ? (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={PAGES.accessLog.href({}, { student })} variant="body2">
            Who viewed this record
          </Link>
          <Link component={RouterLink} to={PAGES.studentRecord.href({ identifier: student })} variant="body2">
            The whole record (print or download)
          </Link>
        </Stack>
      ) : null}
      {section !== null ? (
        <Box>
          <SectionTabs section={section} />
          <Box role="tabpanel" id={`section-panel-${section}`} aria-labelledby={`section-tab-${section}`} sx={{ pt: 2 }}>
            {section === 'timeline' ? timelineColumn : section === 'network' ? network : scores}
          </Box>
        </Box>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: 'minmax(0, 1fr) minmax(260px, 320px)',
          }}
        >
          {timelineColumn}
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            {network}
            {scores}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

/** What the header counts: only what loaded, and of alerts only when they loaded. */
function countsOf(items: readonly TimelineItem[], failed: readonly TimelineKind[]): StudentCounts {
  return {
    openAlerts: failed.includes('alert') ? null : items.filter((item) => item.status === 'Open').length,
    notations: items.length,
    failed,
  };
}

/** `/students/:identifier`: who the student is, what has been written about them, and who supports them. */
export function StudentPage() {
  const { identifier = '' } = useParams();
  // A fresh view per student: open comments and drafts do not carry over to the next one.
  return <StudentView key={identifier} student={identifier} />;
}
