import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { isNotFound } from '../../api/errors.ts';
import { useApi } from '../../queries/api-context.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { peopleQueries } from '../../queries/people.ts';
import { PAGES, paths } from '../../app/route-table.ts';
import { usePersonName } from './use-student-timeline.ts';

function Member({ identifier }: { identifier: string }) {
  const { name, person } = usePersonName(identifier);
  const isStudent = person?.role === 'Student';
  const primary = isStudent ? (
    <Link component={RouterLink} to={paths.student(identifier)}>
      {name}
    </Link>
  ) : (
    name
  );
  return (
    <ListItem disableGutters>
      <ListItemText primary={primary} secondary={person ? `${person.role} · ${identifier}` : identifier} />
    </ListItem>
  );
}

/** E15: the people assigned to the student, by name (people extension) or identifier. */
export function SuccessNetworkPanel({ student }: { student: string }) {
  const api = useApi();
  const network = useQuery(peopleQueries.successNetwork(api, student));
  const members = (network.data?.values ?? []).map((link) => api.personIdentifier(link)).filter((id): id is string => id !== null);
  const unreadable = (network.data?.values.length ?? 0) - members.length + (network.data?.invalidCount ?? 0);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="success-network-heading" sx={{ p: 2 }}>
      <Typography id="success-network-heading" variant="h6" component="h2" gutterBottom>
        Success network
      </Typography>
      {network.isPending && <LinearProgress aria-label="Loading the success network" />}
      {network.isError && isNotFound(network.error) && <Typography color="textSecondary">The service has no success network for {student}.</Typography>}
      {network.isError && !isNotFound(network.error) && <ProblemMessage error={network.error} onRetry={() => void network.refetch()} />}
      {network.isSuccess && members.length === 0 && <Typography color="textSecondary">No one is in this student's success network yet.</Typography>}
      {members.length > 0 && (
        <List dense aria-label="Success network members" disablePadding>
          {members.map((identifier) => (
            <Member key={identifier} identifier={identifier} />
          ))}
        </List>
      )}
      {unreadable > 0 && (
        <Typography variant="body2" color="textSecondary">
          {unreadable} {unreadable === 1 ? 'member' : 'members'} could not be shown.
        </Typography>
      )}
      <Button component={RouterLink} to={PAGES.network.href({ identifier: student })} startIcon={<EditOutlined aria-hidden />} sx={{ mt: 1 }}>
        Edit network
      </Button>
    </Paper>
  );
}
