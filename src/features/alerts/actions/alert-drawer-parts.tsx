import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { isNotFound } from '../../../api/errors.ts';
import type { ExpandedPerson } from '../../../api/schemas/index.ts';
import { paths } from '../../../app/route-table.ts';
import { useApi } from '../../../queries/api-context.tsx';
import { ProblemMessage } from '../../../components/problem-message.tsx';
import { CommentList } from '../../../components/comment-list.tsx';
import { peopleQueries } from '../../../queries/people.ts';
import { alertQueries } from '../../../queries/alerts.ts';
import type { TriageAlert } from '../../../queries/alert-queue.ts';

/** Members of the success network listed in the drawer; the student's page lists them all. */
const NETWORK_SHOWN = 8;

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** An expanded person's name. */
export function PersonName({ person }: { person: Pick<ExpandedPerson, 'firstName' | 'lastName' | 'identifier'> }) {
  return <>{fullName(person) || person.identifier}</>;
}

/** A person known by identifier only: the name once the people extension has answered, the identifier until then (or without it). */
function PersonByIdentifier({ identifier }: { identifier: string | null }) {
  const api = useApi();
  const person = useQuery({ ...peopleQueries.detail(api, identifier ?? ''), enabled: identifier !== null });
  if (identifier === null) return <>an unknown person</>;
  return <>{person.data ? fullName(person.data) : identifier}</>;
}

interface CommentRow {
  id: number;
  createdOn: string;
  details: string;
  usedToLowerAlert: boolean;
  author: { identifier: string | null; person?: ExpandedPerson };
}

/**
 * The alert's comments, oldest first, authors by name. They come from the comments extension;
 * a service without it (404) is asked with E7 alone: the student's alerts created at that very
 * time, with `expand=comments`, give this alert's comments (authors then by identifier, and by
 * name when the people extension answers).
 */
export function AlertComments({ alert }: { alert: TriageAlert }) {
  const api = useApi();
  const comments = useQuery(alertQueries.comments(api, alert.id, ['createdBy']));
  const extensionMissing = comments.isError && isNotFound(comments.error);
  const viaList = useQuery({
    ...alertQueries.list(api, {
      identifiers: [alert.student.identifier],
      createdOnStart: alert.createdOn,
      createdOnEnd: alert.createdOn,
      expand: ['comments'],
    }),
    enabled: extensionMissing,
    select: (page) => page.values.find((candidate) => candidate.id === alert.id)?.comments.values ?? null,
  });

  let rows: CommentRow[] | null | undefined;
  if (comments.data) {
    rows = comments.data.values.map((c) => ({ ...c, author: { identifier: c.createdBy.identifier, person: c.createdBy } }));
  } else if (extensionMissing && viaList.data !== undefined) {
    rows = viaList.data?.map((c) => ({ ...c, author: { identifier: api.personIdentifier(c.createdBy) } })) ?? null;
  }
  const source = extensionMissing ? viaList : comments;

  if (rows === undefined) {
    if (source.isError) return <ProblemMessage error={source.error} onRetry={() => void source.refetch()} />;
    return <LinearProgress aria-label="Loading the comments" />;
  }
  if (rows === null) {
    return <Typography color="textSecondary">The service did not give this alert's comments.</Typography>;
  }
  return (
    <CommentList
      comments={rows}
      aria-label="Comments on this alert"
      author={(comment) =>
        comment.author.person ? <PersonName person={comment.author.person} /> : <PersonByIdentifier identifier={comment.author.identifier} />
      }
    />
  );
}

/** Only what reads as an address becomes a mailto link (the text comes from the service). */
const EMAIL = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/;

/** Who the student is, how to reach them, who supports them (E15), and the way to their timeline. */
export function StudentPanel({ student }: { student: ExpandedPerson }) {
  const api = useApi();
  const ids = { heading: useId(), network: useId() };
  const network = useQuery(peopleQueries.successNetwork(api, student.identifier));
  const members = (network.data?.values ?? []).map((link) => api.personIdentifier(link)).filter((id): id is string => id !== null);
  const shown = members.slice(0, NETWORK_SHOWN);
  const timeline = paths.student(student.identifier);
  return (
    <Box component="section" aria-labelledby={ids.heading}>
      <Typography id={ids.heading} variant="subtitle1" component="h3" gutterBottom>
        Student
      </Typography>
      <Typography>
        <Link component={RouterLink} to={timeline}>
          <PersonName person={student} />
        </Link>{' '}
        <Typography component="span" variant="body2" color="textSecondary">
          · {student.identifier}
        </Typography>
      </Typography>
      {student.email !== '' && (
        <Typography variant="body2">{EMAIL.test(student.email) ? <Link href={`mailto:${student.email}`}>{student.email}</Link> : student.email}</Typography>
      )}

      <Typography id={ids.network} variant="subtitle2" component="h4" sx={{ mt: 1.5 }}>
        Success network
      </Typography>
      {network.isPending && <LinearProgress aria-label="Loading the success network" />}
      {network.isError &&
        (isNotFound(network.error) ? (
          <Typography variant="body2" color="textSecondary">
            The service has no success network for {student.identifier}.
          </Typography>
        ) : (
          <ProblemMessage error={network.error} onRetry={() => void network.refetch()} />
        ))}
      {network.isSuccess && members.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          No one is in this student's success network yet.
        </Typography>
      )}
      {shown.length > 0 && (
        <Box component="ul" aria-labelledby={ids.network} sx={{ m: 0, pl: 2.5 }}>
          {shown.map((identifier) => (
            <Typography component="li" variant="body2" key={identifier}>
              <PersonByIdentifier identifier={identifier} />
            </Typography>
          ))}
        </Box>
      )}
      {members.length > shown.length && (
        <Typography variant="body2" color="textSecondary">
          and {members.length - shown.length} more on{' '}
          <Link component={RouterLink} to={timeline}>
            the student's page
          </Link>
          .
        </Typography>
      )}
    </Box>
  );
}
