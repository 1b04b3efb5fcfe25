import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../api/errors.ts';
import type { Administration } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { formatScore, medianChange, type Pick } from '../../lib/percentiles.ts';
import { summarizeCohort } from './cohort-figures.ts';
import { cohortQueries, type Cohort } from '../../queries/cohort.ts';
import { FactorCard } from './factor-card.tsx';
import { FactorHistogram } from './factor-histogram.tsx';
import { scoreQueries } from '../../queries/scores.ts';
import { formatCount } from './score-format.ts';

interface Side {
  administration: Administration;
  cohort: Cohort;
}

/** Earlier first: by start date, then id. */
export function compareOrder(a: Administration, b: Administration): [Administration, Administration] {
  const byStart = Date.parse(a.startDate) - Date.parse(b.startDate);
  return byStart < 0 || (byStart === 0 && a.id < b.id) ? [a, b] : [b, a];
}

const signed = (n: number) => (n > 0 ? `+${formatScore(n)}` : n < 0 ? `−${formatScore(-n)}` : '0');

/** A side's column heading: the administration, and what its cells hold. */
function SideHeading({ title }: { title: string }) {
  return (
    <TableCell align="right">
      {title}
      <Typography variant="caption" component="span" color="textSecondary" sx={{ display: 'block' }}>
        median (n)
      </Typography>
    </TableCell>
  );
}

/** A side's median of a factor and how many scores it is of (#31 item 10): a change between 3 and 300 scores reads differently. */
function SideCell({ median, n, side }: { median: number | undefined; n: number; side: 'earlier' | 'later' }) {
  return (
    <TableCell align="right">
      <span data-testid={`median-${side}`}>{median === undefined ? '—' : formatScore(median)}</span>
      <Typography variant="caption" component="span" color="textSecondary" sx={{ display: 'block' }} data-testid={`n-${side}`}>
        n = {formatCount(n)}
      </Typography>
    </TableCell>
  );
}

/**
 * Two administrations of the same assessment: each shared factor's distributions side by side
 * (the earlier on the left) and the change in the median, earlier → later.
 */
export function CohortCompare({
  current,
  otherId,
  includeFlagged,
  picked,
  onPick,
}: {
  current: Side;
  otherId: number;
  includeFlagged: boolean;
  picked: { factor: string; pick: Pick } | undefined;
  onPick: (factor: string, pick: Pick) => void;
}) {
  const api = useApi();
  const otherAdministration = useQuery(scoreQueries.administration(api, otherId));
  const otherCohort = useQuery({ ...cohortQueries.cohort(api, otherId), enabled: otherAdministration.isSuccess });
  const mine = useMemo(() => summarizeCohort(current.cohort, includeFlagged), [current.cohort, includeFlagged]);
  const theirs = useMemo(() => (otherCohort.data ? summarizeCohort(otherCohort.data, includeFlagged) : undefined), [otherCohort.data, includeFlagged]);

  if (otherAdministration.isError) {
    if (isApiError(otherAdministration.error) && (otherAdministration.error.status === 404 || otherAdministration.error.status === 400)) {
      return <Alert severity="warning">There is no administration {otherId} to compare with. Choose another one.</Alert>;
    }
    return <ProblemMessage error={otherAdministration.error} onRetry={() => void otherAdministration.refetch()} />;
  }
  if (otherCohort.isError) return <ProblemMessage error={otherCohort.error} onRetry={() => void otherCohort.refetch()} />;
  if (!otherAdministration.data || !otherCohort.data || !theirs) return <LinearProgress aria-label="Loading the administration to compare with" />;

  const other: Side = { administration: otherAdministration.data, cohort: otherCohort.data };
  const [earlier, later] = compareOrder(current.administration, other.administration);
  const sideOf = (a: Administration) => (a.id === current.administration.id ? { side: current, figures: mine } : { side: other, figures: theirs });
  const before = sideOf(earlier);
  const after = sideOf(later);
  const otherNames = new Set(other.cohort.factors.map((f) => f.name));
  const shared = current.cohort.factors.filter((f) => otherNames.has(f.name));
  if (shared.length === 0) {
    return (
      <Alert severity="info">
        {other.administration.title} shares no factor with {current.administration.title}: only administrations of the same assessment can be compared.
      </Alert>
    );
  }

  return (
    <Box data-testid="cohort-figures">
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Median change, {earlier.title} → {later.title}
        </Typography>
        {/* Narrow cells on a phone, so that both sides and the change fit its width. */}
        <Table size="small" aria-label="Median change per factor" sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>Factor</TableCell>
              <SideHeading title={earlier.title} />
              <SideHeading title={later.title} />
              <TableCell align="right">Change</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shared.map((factor) => {
              const earlierFigures = before.figures.get(factor.name);
              const laterFigures = after.figures.get(factor.name);
              const a = earlierFigures?.median;
              const b = laterFigures?.median;
              const change = medianChange(a, b);
              return (
                <TableRow key={factor.name} data-testid="median-change-row">
                  <TableCell component="th" scope="row">
                    {factor.name}
                  </TableCell>
                  <SideCell median={a} n={earlierFigures?.n ?? 0} side="earlier" />
                  <SideCell median={b} n={laterFigures?.n ?? 0} side="later" />
                  <TableCell align="right" data-testid="median-change">
                    {change === undefined ? '—' : signed(change)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, 1fr)' } }}>
        {shared.map((factor) => (
          <FactorCard key={factor.name} factor={factor}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {[before, after].map(({ side, figures }) => {
                const isCurrent = side === current;
                return (
                  <FactorHistogram
                    key={side.administration.id}
                    factor={factor.name}
                    caption={side.administration.title}
                    summary={figures.get(factor.name)!}
                    picked={isCurrent && picked?.factor === factor.name ? picked.pick : undefined}
                    onPick={isCurrent ? onPick : undefined}
                  />
                );
              })}
            </Box>
          </FactorCard>
        ))}
      </Box>
    </Box>
  );
}
