import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useOnceNearViewport } from '../../components/use-once-near-viewport.ts';
import { inPick, pickLabel } from '../../lib/percentiles.ts';
import { useApi } from '../../queries/api-context.tsx';
import { cohortQueries, type Cohort, type PersonName } from '../../queries/cohort.ts';
import { peopleQueries } from '../../queries/people.ts';
import { readFilter, writeFilter, writePick, type readPick, type RosterFilter } from './cohort-url.ts';
import { plural } from './score-format.ts';
import { useAfterFirstPaint } from '../../components/use-after-paint.ts';
import { useStableSearchParams } from './use-stable-search-params.ts';
import { lazyFrom, preloadable } from '../../components/preloadable.ts';

const loadRoster = preloadable(() => import('./cohort-roster.tsx'));
const CohortRoster = lazyFrom(loadRoster, (m) => m.CohortRoster);

/** Names from per-person answers (the fallback for the rows shown). */
function namesOf(results: readonly { data?: { identifier: string; firstName: string; lastName: string } | undefined }[]): Record<string, PersonName> {
  const names: Record<string, PersonName> = {};
  for (const { data } of results) if (data) names[data.identifier] = { firstName: data.firstName, lastName: data.lastName };
  return names;
}

/**
 * The respondents picked by a band or bar (or all), in the lazily loaded grid. `figuresShown`: the
 * factors above it have all mounted (on a phone they come one by one), so that how near it is to
 * the screen is judged where it will stay.
 */
export function Roster({
  id,
  title,
  cohort,
  includeFlagged,
  picked,
  figuresShown,
}: {
  id: number;
  title: string;
  cohort: Cohort;
  includeFlagged: boolean;
  picked: ReturnType<typeof readPick>;
  figuresShown: boolean;
}) {
  const api = useApi();
  const [params, setParams] = useStableSearchParams();
  // The grid's filter model changes only when its own parameter does (not on every pick).
  const filterParam = params.get('filter');
  const filter = useMemo(() => readFilter(new URLSearchParams(filterParam === null ? '' : { filter: filterParam })), [filterParam]);
  // The grid (and the names it shows) once a person is near it (a screen and a half) or has asked
  // for rows: on a desk it is that close and drawn at once; on a phone it is thousands of pixels
  // below the histograms, and drawing it during the load cost a slowed phone about a second of
  // main-thread work before anyone scrolled there.
  const [nearRef, near] = useOnceNearViewport<HTMLElement>('1200px');
  const wanted = near || picked !== undefined || filterParam !== null;
  useEffect(() => {
    if (wanted) void loadRoster();
  }, [wanted]);
  const bulk = useQuery({ ...cohortQueries.names(api, id), enabled: wanted });
  const [visible, setVisible] = useState<readonly string[]>([]);
  const onVisibleChange = useCallback((ids: readonly string[]) => setVisible((old) => (old.join() === ids.join() ? old : ids)), []);
  const perPerson = useQueries({
    queries: (bulk.data?.supported === false ? visible : []).map((person) => peopleQueries.person(api, person)),
    combine: namesOf,
  });
  const bulkNames = bulk.data?.names;
  const names = useMemo(() => Object.assign({}, bulkNames, perPerson), [bulkNames, perPerson]);

  const everyone = cohort.respondents;
  const respondents = useMemo(() => {
    if (!picked) return everyone;
    return everyone.filter((r) => {
      const entry = r.scores[picked.factor];
      return entry !== undefined && inPick(entry, picked.pick, includeFlagged);
    });
  }, [everyone, picked, includeFlagged]);
  const onFilterModelChange = useCallback((model: RosterFilter) => setParams((current) => writeFilter(current, model), { replace: true }), [setParams]);
  // The grid (a few hundred milliseconds of rendering for thousands of rows) is drawn after the
  // histograms above it have been: they are what the page is opened for, and the grid is below them.
  // The frame after the first render drawn (or, in a tab that draws no frames, 250 ms on).
  const gridNow = useAfterFirstPaint({ fallbackMs: 250 }) && wanted;
  // A band or bar picked here (not one the address came with) brings the roster into view: what was
  // picked is listed there, a screen or more below the histograms.
  const heading = useRef<HTMLHeadingElement>(null);
  const pickKey = picked ? `${picked.factor}:${JSON.stringify(picked.pick)}` : '';
  const lastPick = useRef(pickKey);
  useEffect(() => {
    if (pickKey === lastPick.current) return;
    lastPick.current = pickKey;
    if (!pickKey) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    heading.current?.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  }, [pickKey]);

  return (
    <Paper ref={figuresShown ? nearRef : undefined} variant="outlined" component="section" aria-labelledby="roster-heading" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography ref={heading} id="roster-heading" variant="h6" component="h2" sx={{ flexGrow: 1, scrollMarginTop: 72 }}>
          Respondents
        </Typography>
        {picked && (
          <Button size="small" onClick={() => setParams((current) => writePick(current, undefined))}>
            Show all respondents
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="textSecondary" data-testid="roster-summary" role="status" sx={{ mb: 1 }}>
        {picked
          ? `${plural(respondents.length, 'respondent')} in ${picked.factor}, ${pickLabel(picked.pick)}${includeFlagged ? '' : ', scores with a validity concern left out'}.`
          : `All ${plural(respondents.length, 'respondent')}. Pick a band or a bar above to list those respondents.`}
        {bulk.data?.supported === false && ' Names load for the rows shown.'}
      </Typography>
      <Suspense fallback={<Skeleton variant="rectangular" height={560} />}>
        {gridNow ? (
          <CohortRoster
            administrationId={id}
            respondents={respondents}
            factors={cohort.factors}
            names={names}
            filterModel={filter}
            onFilterModelChange={onFilterModelChange}
            onVisibleChange={onVisibleChange}
            fileName={`${title} respondents`}
            pickedFactor={picked?.factor}
          />
        ) : (
          <Skeleton variant="rectangular" height={560} />
        )}
      </Suspense>
    </Paper>
  );
}
