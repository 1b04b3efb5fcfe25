import { useMemo, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { useProgressiveCount } from '../../components/use-progressive-count.ts';
import { useApi } from '../../queries/api-context.tsx';
import { cohortProgress, cohortQueries } from '../../queries/cohort.ts';
import { scoreQueries } from '../../queries/scores.ts';
import { CohortCompare } from './cohort-compare.tsx';
import { CohortControls } from './cohort-controls.tsx';
import { entriesByFactor } from './cohort-figures.ts';
import { CohortHeading, CohortLoading } from './cohort-heading.tsx';
import { FactorPanel, NO_ENTRIES } from './factor-panel.tsx';
import { Roster } from './roster-section.tsx';
import { plural, positiveInt } from './score-format.ts';
import { ScoresNotFound } from './scores-not-found.tsx';
import { useCohortUrl } from './use-cohort-url.ts';

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

/**
 * `/scores/:administrationId`: a cohort's factors, each a card with its histogram (a band or a bar
 * picks respondents), the validity switch and a comparison, and the respondents below. This
 * module composes; the parts are the heading, the controls, the factor panels, the comparison and
 * the roster section (its grid loads when near).
 */
export function CohortPage() {
  const { administrationId } = useParams();
  const id = positiveInt(administrationId ?? null);
  if (id === undefined) return <ScoresNotFound what={`administration “${administrationId ?? ''}”`} />;
  return <CohortView key={id} id={id} />;
}

function CohortView({ id }: { id: number }) {
  const api = useApi();
  const administration = useQuery(scoreQueries.administration(api, id));
  const cohort = useQuery(cohortQueries.cohort(api, id));
  const progress = useCohortProgress(id);
  const { includeFlagged, picked, compareId, setPick, setIncludeFlagged, setCompare } = useCohortUrl();

  // Each factor's figures are worked out by its own panel, as it mounts.
  const entries = useMemo(() => (cohort.data ? entriesByFactor(cohort.data) : undefined), [cohort.data]);
  const panelsShown = useProgressiveCount(cohort.data?.factors.length ?? 0, PANELS);
  // One object while its parts stay the same: the controls are memoised.
  const controls = useMemo(
    () => ({ includeFlagged, compareId, onIncludeFlagged: setIncludeFlagged, onCompare: setCompare }),
    [includeFlagged, compareId, setIncludeFlagged, setCompare],
  );
  const flaggedRespondents = useMemo(() => cohort.data?.respondents.filter((r) => r.flagged).length ?? 0, [cohort.data]);

  if (administration.isError && isApiError(administration.error) && (administration.error.status === 404 || administration.error.status === 400)) {
    return <ScoresNotFound what={`administration ${id}`} />;
  }

  const title = administration.data?.title ?? `Administration ${id}`;
  const data = cohort.data;
  return (
    <Stack spacing={2}>
      <CohortHeading administration={administration} respondents={data?.totalRespondents} />

      <Typography variant="body2" color="textSecondary">
        Scores are <b>national percentiles</b>: a score of 60 means the student scored higher than about 60 of every 100 students in the national comparison
        group. A percentile is not a percent correct.
      </Typography>

      {cohort.isPending && <CohortLoading progress={progress} />}
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
          <CohortControls id={id} cohort={data} flaggedRespondents={flaggedRespondents} {...controls} />

          {compareId !== undefined && administration.data ? (
            <CohortCompare
              current={{ administration: administration.data, cohort: data }}
              otherId={compareId}
              includeFlagged={includeFlagged}
              picked={picked}
              onPick={setPick}
            />
          ) : (
            <Box data-testid="cohort-figures" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
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
