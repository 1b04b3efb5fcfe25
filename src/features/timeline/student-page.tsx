import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useApi } from '../../queries/api-context.tsx';
import { FilterNotices } from '../../components/filter-notices.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { useSameContent } from '../../components/use-same-content.ts';
import { CATEGORIES_PARAM, hasLegacySpelling } from '../../lib/url-state.ts';
import type { DayRange } from '../../lib/days.ts';
import { WriteSection } from '../../components/compose/write-section.tsx';
import { FactorScoresPanel } from './factor-scores-panel.tsx';
import { StudentHeader } from './student-header.tsx';
import { SuccessNetworkPanel } from './success-network-panel.tsx';
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
} from './timeline-filters.ts';
import { categoriesOf, filterTimeline } from './timeline-items.ts';
import { TimelineList } from './timeline-list.tsx';
import { encouragementQueries } from '../../queries/notations.ts';
import { useStudentTimeline, type KindLoad, type StudentTimeline } from './use-student-timeline.ts';

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
  filters: TimelineFilters;
  notices: readonly string[];
  range: DayRange;
  timeline: StudentTimeline;
}

function TimelineSection({ student, filters, notices, range, timeline }: TimelineSectionProps) {
  const api = useApi();
  const now = useNow();
  const [searchParams, setSearchParams] = useSearchParams();
  const types = useQuery(encouragementQueries.types(api, { pageSize: 1000 }));
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

  return (
    <Box component="section" aria-labelledby="timeline-heading">
      <Typography id="timeline-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        Timeline
      </Typography>
      <Stack spacing={2}>
        <TimelineFilterBar filters={filters} range={range} categoryOptions={categoryOptions} onChange={change} onClear={clear} />

        <FilterNotices notices={notices} />

        {failed.map((load) => (
          <KindFailure key={load.kind} load={load} />
        ))}

        {timeline.invalidCount > 0 && (
          <Alert severity="warning">
            {timeline.invalidCount} {timeline.invalidCount === 1 ? 'item' : 'items'} could not be shown: the service sent data the
            dashboard could not read.
          </Alert>
        )}

        <Typography variant="body2" color="text.secondary" role="status" data-testid="timeline-summary">
          {settled
            ? `Showing ${shown.length} of ${timeline.items.length} ${timeline.items.length === 1 ? 'notation' : 'notations'} from ${range.from} to ${range.to}.`
            : `Loading ${loading.map((load) => KIND_WORDS[load.kind].many.toLowerCase()).join(', ')}…`}
        </Typography>

        <Box aria-busy={!settled} aria-live="off">
          {!settled && timeline.items.length > 0 && <LinearProgress aria-label="Loading the timeline" sx={{ mb: 1.5 }} />}
          {!settled && timeline.items.length === 0 && (
            <>
              <LinearProgress aria-label="Loading the timeline" sx={{ mb: 1.5 }} />
              <TimelineSkeleton />
            </>
          )}
          {settled && shown.length === 0 && (
            <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
              <Typography sx={{ mb: hasActiveFilters(filters) ? 1.5 : 0 }}>No notations match these filters</Typography>
              {hasActiveFilters(filters) && (
                <Button variant="outlined" onClick={clear}>
                  Clear filters
                </Button>
              )}
            </Paper>
          )}
          {shown.length > 0 && <TimelineList items={shown} student={student} now={now} label={`Timeline of ${student}`} />}
        </Box>
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

function StudentView({ student }: { student: string }) {
  const [searchParams] = useSearchParams();
  const { filters, notices } = useMemo(() => parseTimelineFilters(searchParams), [searchParams]);
  // Today, once per visit: the default range (and so the cache keys) holds still while the page is open.
  const [today] = useState(() => new Date());
  const { from, to } = filters;
  const range = useMemo(() => effectiveRange({ from, to }, today), [from, to, today]);
  const timeline = useStudentTimeline(student, range);
  const ownListsSettled = !timeline.loads.update.isPending && !timeline.loads.alert.isPending && !timeline.loads.dataInsight.isPending;
  const complete = TIMELINE_KINDS.every((kind) => timeline.loads[kind].error === null);
  const counts = useMemo(
    () =>
      timeline.isPending
        ? null
        : { openAlerts: timeline.items.filter((item) => item.status === 'Open').length, notations: timeline.items.length, complete },
    [timeline.isPending, timeline.items, complete],
  );
  return (
    <Stack spacing={3}>
      <StudentHeader student={student} range={range} counts={counts} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(260px, 320px)' },
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <WriteSection student={student} />
          <TimelineSection student={student} filters={filters} notices={notices} range={range} timeline={timeline} />
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {/* The panels ask for their data once the timeline's own lists have answered, so that
              their requests and renders do not hold back the first rows. */}
          {ownListsSettled ? <SuccessNetworkPanel student={student} /> : <PanelPlaceholder title="Success network" />}
          {ownListsSettled ? <FactorScoresPanel student={student} /> : <PanelPlaceholder title="Non-cognitive factor scores" />}
        </Stack>
      </Box>
    </Stack>
  );
}

/** `/students/:identifier`: who the student is, what has been written about them, and who supports them. */
export function StudentPage() {
  const { identifier = '' } = useParams();
  // A fresh view per student: open comments and drafts do not carry over to the next one.
  return <StudentView key={identifier} student={identifier} />;
}
