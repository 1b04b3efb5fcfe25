import { lazy, memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams, type SetURLSearchParams } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import type { Administration } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { useOnceNearViewport } from '../../components/use-once-near-viewport.ts';
import { useProgressiveCount } from '../../components/use-progressive-count.ts';
import { inPick, pickLabel, summarize, type Pick, type ScoreEntry } from '../../lib/percentiles.ts';
import { entriesByFactor } from './cohort-figures.ts';
import { cohortProgress, cohortQueries, type Cohort, type CohortFactor, type PersonName } from '../../queries/cohort.ts';
import { peopleQueries } from '../../queries/people.ts';
import { CohortCompare } from './cohort-compare.tsx';
import { readFilter, readPick, writeFilter, writePick, type RosterFilter } from './cohort-url.ts';
import { FactorCard } from './factor-card.tsx';
import { FactorHistogram } from './factor-histogram.tsx';
import { formatCount, formatDay, plural, positiveInt, statusColor } from './score-format.ts';
import { scoreQueries } from '../../queries/scores.ts';
import { ScoresNotFound } from './scores-not-found.tsx';

const loadRoster = () => import('./cohort-roster.tsx');
const CohortRoster = lazy(async () => ({ default: (await loadRoster()).CohortRoster }));

/**
 * False until the frame after the first render has been drawn (or, in a tab that draws no frames,
 * a moment later): what waits for it is drawn after what the first render shows.
 */
function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const done = () => setAfter(true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      timer = setTimeout(done);
    });
    timer = setTimeout(done, 250);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return after;
}

/**
 * On a phone the factors stand one under another and the first screen shows one: the others mount
 * one at a time as the page is idle (each is a card of MUI components and twenty bars; all seven in
 * one commit were a task of a few hundred milliseconds on a slow phone). Everywhere else at once.
 */
const onPhone = () => typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 599.95px)').matches;
const PANELS = onPhone() ? { first: 1, step: 1 } : { first: Number.MAX_SAFE_INTEGER, step: 1 };

function useCohortProgress(id: number) {
  return useSyncExternalStore(cohortProgress.subscribe, () => cohortProgress.get(id));
}

/** `/scores/:administrationId`. */
export function CohortPage() {
  const { administrationId } = useParams();
  const id = positiveInt(administrationId ?? null);
  if (id === undefined) return <ScoresNotFound what={`administration “${administrationId ?? ''}”`} />;
  return <CohortView key={id} id={id} />;
}

/**
 * `useSearchParams` with a setter of one identity for the page's life: React Router's own changes
 * with every change of the parameters, and callbacks made from it re-rendered every memoised
 * factor and control on each pick or filter.
 */
function useStableSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(setParams);
  useLayoutEffect(() => {
    latest.current = setParams;
  }, [setParams]);
  const stable = useCallback<SetURLSearchParams>((next, options) => latest.current(next, options), []);
  return [params, stable];
}

function CohortView({ id }: { id: number }) {
  const api = useApi();
  const [params, setParams] = useStableSearchParams();
  const administration = useQuery(scoreQueries.administration(api, id));
  const cohort = useQuery(cohortQueries.cohort(api, id));
  const progress = useCohortProgress(id);
  const includeFlagged = params.get('flagged') === 'include';
  // The pick as one object while its parameters stay the same: a filter or a switch leaves the
  // roster's rows and the histograms alone.
  const factorParam = params.get('factor');
  const bandParam = params.get('band');
  const binParam = params.get('bin');
  const picked = useMemo(() => {
    const only = new URLSearchParams();
    if (factorParam !== null) only.set('factor', factorParam);
    if (bandParam !== null) only.set('band', bandParam);
    if (binParam !== null) only.set('bin', binParam);
    return readPick(only);
  }, [factorParam, bandParam, binParam]);
  const compareId = positiveInt(params.get('compare'));

  // Each factor's figures are worked out by its own panel, as it mounts.
  const entries = useMemo(() => (cohort.data ? entriesByFactor(cohort.data) : undefined), [cohort.data]);
  const panelsShown = useProgressiveCount(cohort.data?.factors.length ?? 0, PANELS);
  const flaggedRespondents = useMemo(() => cohort.data?.respondents.filter((r) => r.flagged).length ?? 0, [cohort.data]);

  const setPick = useCallback(
    (factor: string, pick: Pick) =>
      setParams((current) => {
        const same = readPick(current);
        const again = same && same.factor === factor && JSON.stringify(same.pick) === JSON.stringify(pick);
        return writePick(current, again ? undefined : { factor, pick });
      }),
    [setParams],
  );

  const setIncludeFlagged = useCallback(
    (include: boolean) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (include) next.set('flagged', 'include');
        else next.delete('flagged');
        return next;
      }),
    [setParams],
  );
  const setCompare = useCallback(
    (value: number | undefined) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('compare', String(value));
        else next.delete('compare');
        return next;
      }),
    [setParams],
  );

  if (administration.isError && isApiError(administration.error) && (administration.error.status === 404 || administration.error.status === 400)) {
    return <ScoresNotFound what={`administration ${id}`} />;
  }

  const title = administration.data?.title ?? `Administration ${id}`;
  const data = cohort.data;
  return (
    <Stack spacing={2}>
      <Box>
        <Link component={RouterLink} to="/scores" variant="body2">
          ← Administrations
        </Link>
        <Typography variant="h4" component="h1" sx={{ mt: 0.5 }}>
          {administration.data ? title : <Skeleton width={320} />}
        </Typography>
        {administration.data && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <Chip size="small" variant="outlined" label={administration.data.status} color={statusColor(administration.data.status)} />
            <Typography color="textSecondary">
              {formatDay(administration.data.startDate)} – {formatDay(administration.data.endDate)}
              {data && ` · ${plural(data.totalRespondents, 'respondent')}`}
            </Typography>
          </Stack>
        )}
        {administration.isError && <ProblemMessage error={administration.error} onRetry={() => void administration.refetch()} />}
      </Box>

      <Typography variant="body2" color="textSecondary">
        Scores are <b>national percentiles</b>: a score of 60 means the student scored higher than about 60 of every 100 students in the national
        comparison group. A percentile is not a percent correct.
      </Typography>

      {cohort.isPending && (
        <Box>
          <LinearProgress
            variant={progress && progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : 0}
            aria-label="Loading respondents"
          />
          <Typography variant="body2" color="textSecondary" role="status" data-testid="cohort-progress" sx={{ mt: 0.5 }}>
            {progress ? `Loaded ${formatCount(progress.loaded)} of ${formatCount(progress.total)} respondents` : 'Loading respondents…'}
            {progress?.source === 'fallback' && ' (one request per respondent: the service has no cohort download)'}
          </Typography>
        </Box>
      )}
      {cohort.isError && <ProblemMessage error={cohort.error} onRetry={() => void cohort.refetch()} />}

      {data && data.totalRespondents === 0 && data.respondents.length === 0 && (
        <Alert severity="info" data-testid="cohort-empty">
          No one has responded to this administration yet: there are no scores to show.
        </Alert>
      )}
      {data && data.invalidCount > 0 && (
        <Alert severity="warning">
          {plural(data.invalidCount, 'item')} from the service could not be read and {data.invalidCount === 1 ? 'is' : 'are'} left out.
        </Alert>
      )}

      {data && entries && data.respondents.length > 0 && (
        <>
          <CohortControls
            id={id}
            cohort={data}
            includeFlagged={includeFlagged}
            flaggedRespondents={flaggedRespondents}
            compareId={compareId}
            onIncludeFlagged={setIncludeFlagged}
            onCompare={setCompare}
          />

          {compareId !== undefined && administration.data ? (
            <CohortCompare
              current={{ administration: administration.data, cohort: data }}
              otherId={compareId}
              includeFlagged={includeFlagged}
              picked={picked}
              onPick={setPick}
            />
          ) : (
            <Box
              data-testid="cohort-figures"
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
            >
              {data.factors.slice(0, panelsShown).map((factor) => (
                <FactorPanel
                  key={factor.name}
                  factor={factor}
                  entries={entries.get(factor.name) ?? NO_ENTRIES}
                  includeFlagged={includeFlagged}
                  picked={picked?.factor === factor.name ? picked.pick : undefined}
                  onPick={setPick}
                />
              ))}
            </Box>
          )}

          <Roster id={id} title={title} cohort={data} includeFlagged={includeFlagged} picked={picked} figuresShown={panelsShown >= data.factors.length} />
        </>
      )}
    </Stack>
  );
}

interface CohortControlsProps {
  id: number;
  cohort: Cohort;
  includeFlagged: boolean;
  flaggedRespondents: number;
  compareId: number | undefined;
  onIncludeFlagged: (include: boolean) => void;
  onCompare: (id: number | undefined) => void;
}

/** The validity switch and the comparison's choice (memoised: a pick or a roster filter leaves them be). */
const CohortControls = memo(function CohortControls({ id, cohort, includeFlagged, flaggedRespondents, compareId, onIncludeFlagged, onCompare }: CohortControlsProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <FormControlLabel
            control={<Switch checked={includeFlagged} onChange={(e) => onIncludeFlagged(e.target.checked)} />}
            label="Include scores with a validity concern"
          />
          <Typography variant="body2" color="textSecondary" data-testid="validity-note">
            {includeFlagged
              ? `Scores with a validity concern are included in these figures (${plural(flaggedRespondents, 'respondent')} flagged): read them with caution.`
              : `Scores with a validity concern are left out of these figures (${plural(flaggedRespondents, 'respondent')} flagged).`}
          </Typography>
        </Box>
        <CompareSelect id={id} cohort={cohort} value={compareId} onChange={onCompare} />
      </Stack>
    </Paper>
  );
});

const NO_ENTRIES: ScoreEntry[] = [];

interface FactorPanelProps {
  factor: CohortFactor;
  entries: readonly ScoreEntry[];
  includeFlagged: boolean;
  picked: Pick | undefined;
  onPick: (factor: string, pick: Pick) => void;
}

/** One factor's card and histogram; a pick re-renders only the factors it changes. */
const FactorPanel = memo(function FactorPanel({ factor, entries, includeFlagged, picked, onPick }: FactorPanelProps) {
  const summary = useMemo(() => summarize(entries, includeFlagged), [entries, includeFlagged]);
  return (
    <FactorCard factor={factor}>
      <FactorHistogram factor={factor.name} summary={summary} picked={picked} onPick={onPick} />
    </FactorCard>
  );
});

/**
 * Other administrations of the same assessment (the administration does not say: its scores do).
 * Found once the list is first opened, or at once when the URL names a comparison: one request per
 * administration, which on a cold page were a long task of their own for a choice most visits do
 * not make.
 */
function CompareSelect({ id, cohort, value, onChange }: { id: number; cohort: Cohort; value: number | undefined; onChange: (id: number | undefined) => void }) {
  const api = useApi();
  const [opened, setOpened] = useState(false);
  const wanted = opened || value !== undefined;
  const all = useQuery({ ...cohortQueries.allAdministrations(api), enabled: wanted });
  const others = (all.data?.values ?? []).filter((a) => a.id !== id);
  const assessments = useQueries({ queries: others.map((a) => cohortQueries.assessment(api, a.id)) });
  const own = cohort.factors[0]?.assessmentId;
  const candidates = others.filter((_, i) => own !== undefined && String(assessments[i]?.data ?? '') === own);
  const settled = all.isSuccess && assessments.every((q) => !q.isPending);
  // "None to compare with" only when every administration could be asked.
  const failed = all.isError || assessments.some((q) => q.isError);
  return (
    <FormControl size="small" sx={{ minWidth: 260 }}>
      <InputLabel id="compare-label">Compare with</InputLabel>
      <Select
        labelId="compare-label"
        label="Compare with"
        onOpen={() => setOpened(true)}
        value={value !== undefined && candidates.some((a) => a.id === value) ? String(value) : value !== undefined && !settled ? '' : ''}
        onChange={(e) => onChange(positiveInt(e.target.value))}
      >
        <MenuItem value="">No comparison</MenuItem>
        {!settled && (
          <MenuItem disabled value="loading">
            Finding administrations of the same assessment…
          </MenuItem>
        )}
        {failed && (
          <MenuItem disabled value="failed">
            Some administrations could not be loaded: not every one to compare with is listed
          </MenuItem>
        )}
        {settled && !failed && candidates.length === 0 && (
          <MenuItem disabled value="none">
            No other administration of this assessment has scores
          </MenuItem>
        )}
        {candidates.map((a: Administration) => (
          <MenuItem key={a.id} value={String(a.id)}>
            {a.title}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

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
function Roster({ id, title, cohort, includeFlagged, picked, figuresShown }: { id: number; title: string; cohort: Cohort; includeFlagged: boolean; picked: ReturnType<typeof readPick>; figuresShown: boolean }) {
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
    queries: (bulk.data?.supported === false ? visible : []).map((person) => (peopleQueries.person(api, person))),
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
  const gridNow = useAfterFirstPaint() && wanted;

  return (
    <Paper ref={figuresShown ? nearRef : undefined} variant="outlined" component="section" aria-labelledby="roster-heading" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography id="roster-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
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
          />
        ) : (
          <Skeleton variant="rectangular" height={560} />
        )}
      </Suspense>
    </Paper>
  );
}

