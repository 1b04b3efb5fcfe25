import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../api/errors.ts';
import type { OutcomeGroup } from '../api/schemas/index.ts';
import { PAGES } from '../app/route-table.ts';
import { formatDay, shiftDay } from '../lib/dates.ts';
import { outcomeQueries } from '../queries/outcomes.ts';
import { formatBurden, formatHours, percent, triageHref } from './outcome-words.ts';

const refused = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 401);

/**
 * The outcomes page's figures for one category or trigger (#33), on that category's or trigger's
 * own page: the same answer of the gateway, so the same numbers. Administrators and RECORDS_GROUP
 * only: for anyone else the panel is not shown.
 */
export function OutcomePanel({ kind, id, window }: { kind: 'category' | 'trigger'; id: number; window?: { from: string; to: string } }) {
  const to = window?.to ?? formatDay(new Date());
  const range = { from: window?.from ?? shiftDay(to, -89), to };
  const outcomes = useQuery({ ...outcomeQueries.window(range), retry: (n, error) => !refused(error) && n < 2 });
  if (outcomes.isError && refused(outcomes.error)) return null;
  const data = outcomes.data;
  const group: OutcomeGroup | undefined = data ? (kind === 'category' ? data.categories : data.triggers).find((g) => g.id === id) : undefined;
  const headingId = `outcome-panel-${kind}-${id}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId} data-testid="outcome-panel">
      <Typography variant="h6" component="h2" id={headingId}>
        Outcomes, {range.from} to {range.to}
      </Typography>
      {outcomes.isPending && <Skeleton variant="rectangular" height={64} aria-label="Loading the outcomes" />}
      {outcomes.isError && <Typography color="error">The outcomes could not be computed just now.</Typography>}
      {data && kind === 'trigger' && !data.triggersAvailable && (
        <Typography color="textSecondary">Per-trigger figures are unavailable: the service does not list its triggers.</Typography>
      )}
      {data && (kind === 'category' || data.triggersAvailable) && !group && (
        <Typography color="textSecondary">No alert raised in this window {kind === 'category' ? 'has this category' : 'came from this trigger'}.</Typography>
      )}
      {data && group && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.25 }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            Raised
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            <Link
              component={RouterLink}
              to={triageHref(range, kind === 'category' ? { category: id } : { q: data.triggers.find((t) => t.id === id)?.name ?? '' })}
            >
              {group.alerts} alerts
            </Link>
            , {group.open} still open
          </Typography>
          <Typography component="dt" variant="body2" color="textSecondary">
            Answered within {data.responseDays} days
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {group.answered} ({percent(group.answered, group.alerts)}); burden {formatBurden(group)}
            {group.flagged ? ' — above the threshold' : ''}
          </Typography>
          <Typography component="dt" variant="body2" color="textSecondary">
            First comment
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {formatHours(group.medianHoursToFirstComment)} median, {formatHours(group.p90HoursToFirstComment)} for 90%
          </Typography>
          <Typography component="dt" variant="body2" color="textSecondary">
            Closed without contact
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {group.closedWithoutContact} of {group.lowered} lowered
          </Typography>
        </Box>
      )}
      <Link component={RouterLink} to={PAGES.outcomes.href({}, range)} variant="body2">
        All outcomes
      </Link>
    </Paper>
  );
}
