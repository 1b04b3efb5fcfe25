import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import type { ApiClient } from '../../api/client.ts';
import type { Administration } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { ValidityConcern } from '../../components/validity-concern.tsx';
import { scoreQueries } from '../../queries/scores.ts';

const FACTOR = ['factor'] as const;
const scoresOf = (api: ApiClient, administration: Administration, student: string) =>
  scoreQueries.factorScores(api, administration.id, student, FACTOR);

/** Newest first, as E17 lists them (startDate desc, then id desc), whatever order they came in. */
function newestFirst(administrations: readonly Administration[]): Administration[] {
  return [...administrations].sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate) || b.id - a.id);
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'PP');
}

/**
 * The student's latest non-cognitive factor scores: E17 (administrations the student responded
 * to), then E18 with `expand=factor` for the newest one, going back one administration at a time
 * until one has results. A score with a validity concern is flagged, never shown as a plain fact.
 */
export function FactorScoresPanel({ student }: { student: string }) {
  const api = useApi();
  const client = useQueryClient();
  const administrations = useQuery(scoreQueries.administrations(api, { personIdentifier: student }));
  const ordered = newestFirst(administrations.data?.values ?? []);
  // Ask the next older administration only once every newer one answered "no results".
  const hadNoResults = (administration: Administration) => {
    const page = client.getQueryData(scoresOf(api, administration, student).queryKey);
    return page !== undefined && page.values.length === 0 && page.invalidCount === 0;
  };
  const scores = useQueries({
    queries: ordered.map((administration, index) => ({
      ...scoresOf(api, administration, student),
      enabled: ordered.slice(0, index).every(hadNoResults),
    })),
  });
  const current = scores.findIndex((query) => !(query.isSuccess && query.data.values.length === 0 && query.data.invalidCount === 0));
  const query = current === -1 ? undefined : scores[current];
  const administration = current === -1 ? undefined : ordered[current];

  return (
    <Paper variant="outlined" component="section" aria-labelledby="factor-scores-heading" sx={{ p: 2 }}>
      <Typography id="factor-scores-heading" variant="h6" component="h2" gutterBottom>
        Non-cognitive factor scores
      </Typography>
      {(administrations.isPending || query?.isPending) && <LinearProgress aria-label="Loading factor scores" />}
      {administrations.isError && <ProblemMessage error={administrations.error} onRetry={() => void administrations.refetch()} />}
      {query?.isError && <ProblemMessage error={query.error} onRetry={() => void query.refetch()} />}
      {administrations.isSuccess && current === -1 && (
        <Typography color="text.secondary">No factor scores for this student yet.</Typography>
      )}
      {administration && query?.data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {administration.title} · {formatDate(administration.startDate)} · {administration.status}
          </Typography>
          <List dense disablePadding aria-label={`Factor scores, ${administration.title}`}>
            {query.data.values.map((result) => (
              <ListItem key={result.factor.href} disableGutters sx={{ display: 'block' }} data-testid="factor-score">
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <Typography component="span">{result.factor.name}</Typography>
                  <Typography component="span" sx={{ fontWeight: 600, color: result.validityConcern ? 'text.secondary' : 'text.primary' }}>
                    {String(result.score)}
                    {result.validityConcern && ' (flagged)'}
                  </Typography>
                </Box>
                {result.validityConcern && <ValidityConcern />}
              </ListItem>
            ))}
          </List>
          {query.data.invalidCount > 0 && (
            <Typography variant="body2" color="text.secondary">
              {query.data.invalidCount} {query.data.invalidCount === 1 ? 'score' : 'scores'} could not be shown.
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}
