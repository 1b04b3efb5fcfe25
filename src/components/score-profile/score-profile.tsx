import { Suspense, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { schemeAlpha, schemeTextSecondary } from '../scheme-color.ts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { formatDate } from '../../lib/dates.ts';
import type { Administration } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { formatScore, onScale } from '../../lib/percentiles.ts';
import { cohortQueries } from '../../queries/cohort.ts';
import { scoreQueries } from '../../queries/scores.ts';
import { AfterFirstPaint } from '../after-first-paint.tsx';
import { ProblemMessage } from '../problem-message.tsx';
import { VALIDITY_CONCERN_TEXT } from '../validity-concern.tsx';
import { sharedFactorTrend } from './trend.ts';
import { lazyFrom, preloadable } from '../preloadable.ts';

const loadTrend = preloadable(() => import('./score-trend-chart.tsx'));
const ScoreTrendChart = lazyFrom(loadTrend, (m) => m.ScoreTrendChart);

/** Position on the fixed 1–99 axis, in percent of the track (off-scale values pinned to its ends). */
const position = (score: number) => (Number.isFinite(score) ? Math.min(100, Math.max(0, score)) : 0);

export interface ScoreProfileProps {
  student: string;
  /** The administration shown; default the student's newest with scores. */
  administrationId?: number | undefined;
  /** Choosing another administration (the page puts it in its URL); without it the choice is local. */
  onAdministrationChange?: ((id: number) => void) | undefined;
  /** Where a heading of this profile sits (the side panel has its own heading). */
  headingLevel?: 'h2' | 'h3';
}

/**
 * A student's non-cognitive profile: one administration's factors as bars on a fixed 1–99 axis
 * (the 25–75 band shaded, the number printed), "national percentile" explained once, one
 * validity warning at the top when a score is flagged (flagged bars hatched and marked, never
 * plain facts), each factor's description; any of the student's administrations can be chosen,
 * and a trend of the factors their administrations share.
 */
export function ScoreProfile({ student, administrationId, onAdministrationChange, headingLevel = 'h3' }: ScoreProfileProps) {
  const api = useApi();
  const administrations = useQuery(cohortQueries.allAdministrations(api, student));
  const own = useMemo(() => administrations.data?.values ?? [], [administrations.data]);
  // The chosen administration may be one the list does not hold (a shared link): ask it too.
  const listed = administrationId === undefined || own.some((a) => a.id === administrationId);
  const extra = useQuery({
    ...scoreQueries.administration(api, administrationId ?? 0),
    enabled: administrationId !== undefined && administrations.isSuccess && !listed,
  });
  const all: Administration[] = useMemo(() => (extra.data && !listed ? [...own, extra.data] : own), [own, extra.data, listed]);
  const scores = useQueries({ queries: all.map((a) => scoreQueries.profileScores(api, a.id, student)) });
  const hasScores = (i: number) => {
    const page = scores[i]?.data;
    return page !== undefined && (page.values.length > 0 || page.invalidCount > 0);
  };
  const settled = scores.every((q) => !q.isPending);
  const defaultIndex = all.findIndex((_, i) => hasScores(i));
  const index = administrationId !== undefined ? all.findIndex((a) => a.id === administrationId) : settled ? defaultIndex : -1;
  const administration = index === -1 ? undefined : all[index];
  const query = index === -1 ? undefined : scores[index];

  // A few administrations at most: cheap enough to compute each render.
  const trend = sharedFactorTrend(
    all.flatMap((a, i) => {
      const page = scores[i]?.data;
      return page && page.values.length > 0 ? [{ administration: a, results: page.values }] : [];
    }),
  );

  if (administrations.isError) return <ProblemMessage error={administrations.error} onRetry={() => void administrations.refetch()} />;
  if (administrations.isPending || (administrationId === undefined && !settled) || query?.isPending) {
    return <LinearProgress aria-label="Loading factor scores" />;
  }
  if (administrationId === undefined && defaultIndex === -1) {
    return <Typography color="textSecondary">No factor scores for this student yet.</Typography>;
  }
  if (administrationId !== undefined && index === -1) {
    if (extra.isPending) return <LinearProgress aria-label="Loading factor scores" />;
    return <Typography color="textSecondary">There is no administration {administrationId}, or it could not be loaded.</Typography>;
  }
  if (!administration || !query) return null;
  if (query.isError) return <ProblemMessage error={query.error} onRetry={() => void query.refetch()} />;
  const page = query.data!;
  const flagged = page.values.filter((r) => r.validityConcern);
  const withScores = all.filter((_, i) => hasScores(i));

  return (
    <Stack spacing={1.5} data-testid="score-profile">
      {all.length > 1 && (
        <FormControl size="small" fullWidth>
          <InputLabel id={`profile-administration-${student}`}>Administration</InputLabel>
          <Select
            labelId={`profile-administration-${student}`}
            label="Administration"
            value={String(administration.id)}
            onChange={(e) => onAdministrationChange?.(Number(e.target.value))}
          >
            {all.map((a, i) => (
              <MenuItem key={a.id} value={String(a.id)} disabled={!onAdministrationChange && a.id !== administration.id}>
                {a.title} · {formatDate(a.startDate)}
                {scores[i]?.isSuccess && !hasScores(i) ? ' (no scores)' : ''}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      <Typography variant="body2" color="textSecondary">
        {administration.title} · {formatDate(administration.startDate)} · {administration.status}
      </Typography>
      <Typography variant="body2" data-testid="percentile-explanation">
        Each number is a <b>national percentile</b> (1–99): the share of students nationally who scored lower. It is not a percent correct. The shaded band is
        the middle half, 25 to 75.
      </Typography>
      {flagged.length > 0 && (
        <Alert severity="warning" data-testid="validity-warning">
          <AlertTitle sx={{ textTransform: 'capitalize' }}>{VALIDITY_CONCERN_TEXT}</AlertTitle>
          {flagged.length === page.values.length ? 'Every score' : `${flagged.length} of ${page.values.length} scores`} in this administration{' '}
          {flagged.length === 1 || flagged.length === page.values.length ? 'is' : 'are'} flagged: the answers look unreliable (inconsistent, rushed or
          straight-lined). Flagged bars are hatched and marked.
        </Alert>
      )}
      {page.values.length === 0 && page.invalidCount === 0 && (
        <Typography color="textSecondary">No factor scores for {student} in this administration.</Typography>
      )}
      {page.values.length > 0 && (
        <List dense disablePadding aria-label={`Factor scores, ${administration.title}`}>
          {page.values.map((result) => (
            <ListItem
              key={result.factor.href}
              disableGutters
              sx={{ display: 'block', py: 0.75 }}
              data-testid="factor-score"
              data-flagged={result.validityConcern}
            >
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
                <Typography component="span" sx={{ fontWeight: 500 }}>
                  {result.factor.name}
                </Typography>
                <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: result.validityConcern ? 'text.secondary' : 'text.primary' }}>
                  {result.validityConcern && (
                    <Box component="span" sx={{ color: 'warning.main', display: 'inline-flex', verticalAlign: 'middle', mr: 0.5 }}>
                      <WarningAmberOutlined fontSize="inherit" aria-hidden />
                    </Box>
                  )}
                  <span data-testid="factor-score-value">{formatScore(result.score)}</span>
                  {result.validityConcern && (
                    <Typography component="span" variant="body2" sx={{ ml: 0.5, color: 'text.secondary' }}>
                      (flagged)
                    </Typography>
                  )}
                </Typography>
              </Box>
              <Box
                role="img"
                aria-label={`${result.factor.name}: ${formatScore(result.score)}${result.validityConcern ? ', flagged' : ''}`}
                sx={(theme) => ({
                  position: 'relative',
                  height: 12,
                  my: 0.5,
                  borderRadius: 1,
                  bgcolor: schemeAlpha(theme, 'text', 0.08),
                  backgroundImage: `linear-gradient(to right, transparent 25%, ${schemeAlpha(theme, 'primary', 0.28)} 25% 75%, transparent 75%)`,
                })}
              >
                <Box
                  sx={(theme) => ({
                    position: 'absolute',
                    inset: 0,
                    width: `${position(result.score)}%`,
                    borderRadius: 1,
                    bgcolor: result.validityConcern ? 'transparent' : 'primary.main',
                    backgroundImage: result.validityConcern
                      ? `repeating-linear-gradient(135deg, ${schemeTextSecondary(theme)} 0 3px, transparent 3px 7px)`
                      : undefined,
                    border: result.validityConcern ? `1px solid ${schemeTextSecondary(theme)}` : undefined,
                  })}
                />
              </Box>
              {!onScale(result.score) && (
                <Typography variant="body2" color="textSecondary">
                  This score is outside the 1–99 scale; it is shown as it came.
                </Typography>
              )}
              {result.factor.description && (
                <Typography variant="body2" color="textSecondary">
                  {result.factor.description}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {page.invalidCount > 0 && (
        <Typography variant="body2" color="textSecondary">
          {page.invalidCount} {page.invalidCount === 1 ? 'score' : 'scores'} could not be shown.
        </Typography>
      )}
      <Box component="section" aria-label="Trend">
        <Typography variant="subtitle1" component={headingLevel} sx={{ fontWeight: 600 }}>
          Trend
        </Typography>
        {trend.factors.length === 0 ? (
          <Typography variant="body2" color="textSecondary" data-testid="trend-empty">
            {scores.some((q) => q.isError)
              ? 'The scores of some of this student’s administrations could not be loaded: no trend can be drawn.'
              : withScores.length < 2
                ? 'A trend needs scores from two administrations or more; this student has scores from one.'
                : 'The student’s administrations share no factor to follow over time.'}
          </Typography>
        ) : (
          // The chart's code (MUI X charts, 69 KB) is asked for once the scores are on screen.
          <AfterFirstPaint fallback={<Skeleton variant="rectangular" height={240} />}>
            <Suspense fallback={<Skeleton variant="rectangular" height={240} />}>
              <ScoreTrendChart trend={trend} />
            </Suspense>
          </AfterFirstPaint>
        )}
      </Box>
    </Stack>
  );
}
