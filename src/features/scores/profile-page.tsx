import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PAGES, paths } from '../../app/route-table.ts';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { useApi } from '../../queries/api-context.tsx';
import { ScoreProfile } from '../../components/score-profile/score-profile.tsx';
import { cohortQueries } from '../../queries/cohort.ts';
import { peopleQueries } from '../../queries/people.ts';
import { positiveInt } from './score-format.ts';
import { scoreQueries } from '../../queries/scores.ts';
import { ScoresNotFound } from './scores-not-found.tsx';
import { NotFoundState } from '../../components/not-found-state.tsx';

/** `/scores/:administrationId/:person`: one respondent's profile, any of their administrations. */
export function ProfilePage() {
  const { administrationId, person = '' } = useParams();
  const id = positiveInt(administrationId ?? null);
  const api = useApi();
  const navigate = useNavigate();
  const administration = useQuery({ ...scoreQueries.administration(api, id ?? 0), enabled: id !== undefined });
  const who = useQuery(peopleQueries.person(api, person));
  // The same query the profile makes: an identifier nobody has (404) and no administration of theirs is no one.
  // Not deferred: "No such person" must not give way to the profile for a frame while a deferred copy catches up.
  const theirs = useQuery(cohortQueries.allAdministrations(api, person));
  if (id === undefined) return <ScoresNotFound what={`administration “${administrationId ?? ''}”`} />;
  if (administration.isError && isApiError(administration.error) && (administration.error.status === 404 || administration.error.status === 400)) {
    return <ScoresNotFound what={`administration ${id}`} />;
  }
  if (who.isError && isApiError(who.error) && who.error.status === 404 && theirs.data?.values.length === 0) {
    return (
      <NotFoundState title="No such person" back={{ to: PAGES.cohort.href({ administrationId: id }), label: 'Back to the cohort' }}>
        No factor scores for {person} in this administration: the service knows nobody with that identifier. The link may be mistyped.
      </NotFoundState>
    );
  }
  const name = who.data ? `${who.data.firstName} ${who.data.lastName}` : person;
  return (
    <Stack spacing={2}>
      <Box>
        <Link component={RouterLink} to={PAGES.cohort.href({ administrationId: id })} variant="body2">
          ← {administration.data?.title ?? `Administration ${id}`}
        </Link>
        <Typography variant="h4" component="h1" sx={{ mt: 0.5 }}>
          {who.isPending ? <Skeleton width={260} /> : name}
        </Typography>
        <Typography color="textSecondary">
          {person} · non-cognitive score profile ·{' '}
          <Link component={RouterLink} to={paths.student(person)}>
            student page
          </Link>
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 880 }}>
        <ScoreProfile
          student={person}
          administrationId={id}
          headingLevel="h2"
          onAdministrationChange={(next) => void navigate(PAGES.profile.href({ administrationId: next, person }))}
        />
      </Paper>
    </Stack>
  );
}
