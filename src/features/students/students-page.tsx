import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredQuery } from '../../queries/use-deferred-query.ts';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
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
import { PAGES, paths } from '../../app/route-table.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { useApi } from '../../queries/api-context.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { ageInDays, formatDay, formatDayRange, startOfUtcDaysAgo } from '../../lib/dates.ts';
import { readText } from '../../lib/url-state.ts';
import { mostOpenAlertsQuery } from '../../queries/alert-queue.ts';
import { peopleQueries } from '../../queries/people.ts';

const RANKING_DAYS = 90;
/** The search text in the URL (`/students?q=chavez`), so that a search can be shared. */
const SEARCH_PARAM = 'q';

function age(iso: string): string {
  const days = ageInDays(Date.parse(iso), Date.now());
  return days === 0 ? 'today' : days === 1 ? '1 day' : `${days} days`;
}

/**
 * Typed text that is not a picked option, on Enter: the one student it names (by identifier, in any
 * case, or the only match), else the text as an identifier — which also works when the service
 * offers no name search; an identifier nobody has gets the student page's "no such student".
 * `matches` must be the search for this very text: a list found for earlier text would open
 * another student (#31 item 2).
 */
function identifierOf(text: string, matches: readonly Person[]): string {
  const typed = text.trim();
  const exact = matches.find((p) => p.identifier.toLowerCase() === typed.toLowerCase());
  if (exact) return exact.identifier;
  return matches.length === 1 && matches[0] ? matches[0].identifier : typed;
}

/** One way to open a student: pick one found by name, identifier or email, or type an identifier and press Enter. */
function StudentSearch() {
  const api = useApi();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(() => readText(params, SEARCH_PARAM) ?? '');
  const q = useDebouncedValue(input.trim(), 250);
  const search = useQuery({ ...peopleQueries.studentSearch(api, q), enabled: q.length >= 2 });
  const unavailable = search.isError && isNotFound(search.error);
  // Only what was found for the text as it stands: while the debounce or the search catches up,
  // no earlier suggestion stays on screen under new text, nor answers Enter.
  const current = q === input.trim();
  const options = current ? (search.data?.values ?? []) : [];
  return (
    <Stack spacing={1.5}>
      <Autocomplete<Person, false, false, true>
        freeSolo
        options={options}
        loading={search.isFetching || (!current && input.trim().length >= 2)}
        filterOptions={(all) => all}
        getOptionLabel={(p) => (typeof p === 'string' ? p : `${p.firstName} ${p.lastName} (${p.identifier})`)}
        inputValue={input}
        onInputChange={(_, value, reason) => {
          if (reason === 'reset') return;
          setInput(value);
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              if (value) next.set(SEARCH_PARAM, value);
              else next.delete(SEARCH_PARAM);
              return next;
            },
            { replace: true },
          );
        }}
        onChange={(_, picked) => {
          if (picked === null) return;
          const identifier = typeof picked === 'string' ? identifierOf(picked, options) : picked.identifier;
          if (identifier) void navigate(paths.student(identifier));
        }}
        renderOption={(props, p) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              <Box>
                <Typography>
                  {p.firstName} {p.lastName}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {p.identifier} · {p.email}
                </Typography>
              </Box>
            </li>
          );
        }}
        renderInput={(props) => (
          <TextField
            {...props}
            label="Find a student by name, identifier or email"
            helperText={
              q.length >= 2 && search.isSuccess && options.length === 0
                ? 'No student matches. Press Enter to open it as an identifier.'
                : 'Pick a student, or type an identifier (S000123) and press Enter.'
            }
          />
        )}
      />
      {unavailable && <Alert severity="info">This service offers no name search: type a student's identifier and press Enter.</Alert>}
      {search.isError && !unavailable && <ProblemMessage error={search.error} onRetry={() => void search.refetch()} />}
    </Stack>
  );
}

function MostOpenAlerts() {
  const api = useApi();
  const [createdOnStart] = useState(() => new Date(startOfUtcDaysAgo(RANKING_DAYS, Date.now())).toISOString());
  const [today] = useState(() => formatDay(new Date()));
  const ranking = useDeferredQuery(mostOpenAlertsQuery(api, createdOnStart));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        Students with the most open alerts
      </Typography>
      {/* The window in the words the student page uses ("11 open alerts … from A to B"), so two counts never read as one. */}
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }} data-testid="ranking-window">
        Open alerts raised {formatDayRange({ from: createdOnStart.slice(0, 10), to: today })} (the last {RANKING_DAYS} days).
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
              <ListItemButton component={Link} to={paths.student(student.identifier)}>
                <ListItemText
                  sx={{ minWidth: 0 }}
                  primary={`${student.firstName} ${student.lastName}`}
                  secondary={`${student.identifier} · oldest open for ${age(oldestOpenedOn)}`}
                />
                {/* Never shrunk into its words, and kept apart from the text beside it. */}
                <Chip color="warning" size="small" label={`${openAlerts} open ${openAlerts === 1 ? 'alert' : 'alerts'}`} sx={{ flexShrink: 0, ml: 2 }} />
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
      <PageHeading route={PAGES.students} />
      <StudentSearch />
      <MostOpenAlerts />
    </Stack>
  );
}
