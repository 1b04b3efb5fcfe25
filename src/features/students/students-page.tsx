import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isNotFound } from '../../api/http.ts';
import type { Person } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { ageInDays, DAY_MS } from '../../lib/dates.ts';
import { studentQueries } from '../../queries/students.ts';

const RANKING_DAYS = 90;

function age(iso: string): string {
  const days = ageInDays(Date.parse(iso), Date.now());
  return days === 0 ? 'today' : days === 1 ? '1 day' : `${days} days`;
}

/** Opens a student by identifier: works even when the service has no people search. */
function IdentifierForm() {
  const navigate = useNavigate();
  const [identifier, setIdentifier] = useState('');
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      onSubmit={(e) => {
        e.preventDefault();
        const id = identifier.trim();
        if (id) void navigate(`/students/${encodeURIComponent(id)}`);
      }}
    >
      <TextField size="small" label="Student identifier" placeholder="S000123" value={identifier} onChange={(e) => setIdentifier(e.target.value)} />
      <Button type="submit" variant="outlined" disabled={!identifier.trim()}>
        Open
      </Button>
    </Stack>
  );
}

function StudentSearch() {
  const api = useApi();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(input.trim(), 250);
  const search = useQuery({ ...studentQueries.search(api, q), enabled: q.length >= 2 });
  const unavailable = search.isError && isNotFound(search.error);
  return (
    <Stack spacing={1.5}>
      <Autocomplete<Person>
        options={search.data?.values ?? []}
        loading={search.isFetching}
        filterOptions={(options) => options}
        getOptionLabel={(p) => `${p.firstName} ${p.lastName} (${p.identifier})`}
        isOptionEqualToValue={(a, b) => a.identifier === b.identifier}
        inputValue={input}
        onInputChange={(_, value, reason) => {
          if (reason === 'reset') return;
          setInput(value);
          setParams(value ? { q: value } : {}, { replace: true });
        }}
        onChange={(_, person) => {
          if (person) void navigate(`/students/${encodeURIComponent(person.identifier)}`);
        }}
        noOptionsText={q.length < 2 ? 'Type at least two letters' : 'No student matches'}
        renderOption={(props, p) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              <Box>
                <Typography>
                  {p.firstName} {p.lastName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {p.identifier} · {p.email}
                </Typography>
              </Box>
            </li>
          );
        }}
        renderInput={(props) => <TextField {...props} label="Find a student by name, identifier or email" autoFocus />}
      />
      {unavailable && <Alert severity="info">This service offers no name search. Open a student by identifier instead.</Alert>}
      {search.isError && !unavailable && <ProblemMessage error={search.error} onRetry={() => void search.refetch()} />}
      <IdentifierForm />
    </Stack>
  );
}

function MostOpenAlerts() {
  const api = useApi();
  const [createdOnStart] = useState(() => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - RANKING_DAYS * DAY_MS).toISOString());
  const ranking = useQuery(studentQueries.mostOpenAlerts(api, createdOnStart));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        Students with the most open alerts
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Alerts raised in the last {RANKING_DAYS} days that are still open.
      </Typography>
      {ranking.isPending && <LinearProgress aria-label="Loading open alerts" />}
      {ranking.isError && <ProblemMessage error={ranking.error} onRetry={() => void ranking.refetch()} />}
      {ranking.data && ranking.data.invalidCount > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {ranking.data.invalidCount} alerts could not be read and are not counted.
        </Alert>
      )}
      {ranking.data && ranking.data.ranking.length === 0 && <Typography>No open alerts in this period.</Typography>}
      {ranking.data && ranking.data.ranking.length > 0 && (
        <List dense aria-label="Students with the most open alerts">
          {ranking.data.ranking.slice(0, 12).map(({ student, openAlerts, oldestOpenedOn }) => (
            <ListItem key={student.identifier} disablePadding>
              <ListItemButton component={Link} to={`/students/${encodeURIComponent(student.identifier)}`}>
                <ListItemText
                  primary={`${student.firstName} ${student.lastName}`}
                  secondary={`${student.identifier} · oldest open for ${age(oldestOpenedOn)}`}
                />
                <Chip color="warning" size="small" label={`${openAlerts} open`} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** `/students`: find a student, or start from those who need attention most. */
export function StudentsPage() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Typography variant="h4" component="h1">
        Students
      </Typography>
      <StudentSearch />
      <MostOpenAlerts />
    </Stack>
  );
}
