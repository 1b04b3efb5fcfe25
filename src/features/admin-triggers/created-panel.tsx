import { paths } from '../../app/route-table.ts';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { Trigger } from '../../api/schemas/index.ts';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { useApi } from '../../queries/api-context.tsx';
import { triggerApplyQueries } from './apply-queries.ts';
import { plural } from './trigger-words.ts';

/** What a run created, found by the trigger's text (a notation does not name its trigger), each a link to its student. */
export function CreatedPanel({ trigger, students, since }: { trigger: Trigger; students: readonly string[]; since: number }) {
  const api = useApi();
  const created = useQuery(triggerApplyQueries.created(api, trigger, students, since));
  const kinds = trigger.elevateToAlert ? 'alert' : 'dataInsight';
  const [showAll, setShowAll] = useState(false);
  const list = created.data ?? [];
  const shown = showAll ? list : list.slice(0, 50);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="created-heading">
      <Typography variant="h6" component="h2" id="created-heading">
        Created
      </Typography>
      {created.isPending && <LinearProgress aria-label="Finding the created notations" />}
      {created.isError && <ProblemMessage error={created.error} onRetry={() => void created.refetch()} />}
      {created.data && (
        <>
          <Typography role="status" data-testid="created-count">
            {plural(list.length, trigger.elevateToAlert ? 'alert' : 'data insight')} created for {plural(students.length, 'student')} since the start.
          </Typography>
          <Box component="ul" sx={{ pl: 2.5 }}>
            {shown.map((n) => (
              <li key={`${n.kind}-${n.id}`}>
                <Link component={RouterLink} to={paths.student(n.student, { kinds })}>
                  {n.kind === 'alert' ? 'Alert' : 'Data insight'} #{n.id} for {n.student}
                </Link>
              </li>
            ))}
          </Box>
          {list.length > shown.length && (
            <Button size="small" onClick={() => setShowAll(true)}>
              Show all {list.length.toLocaleString()}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
