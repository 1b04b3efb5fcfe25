import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { NotFoundView } from '../../components/not-found-view.tsx';
import { paths } from '../../app/route-table.ts';
import { useLikelyIdentifier } from '../../queries/people-existence.ts';

/**
 * `/students/:identifier` for an identifier nobody has: no timeline, composer or network that
 * would look real; a way back to the students, and the likely student when only the case is wrong.
 */
export function StudentNotFound({ identifier }: { identifier: string }) {
  const likely = useLikelyIdentifier(identifier, true);
  const likelyName = likely?.person ? `${likely.person.firstName} ${likely.person.lastName} (${likely.identifier})` : likely?.identifier;
  return (
    <NotFoundView
      title="No such student"
      actions={
        <>
          {likely && (
            <Button component={Link} to={paths.student(likely.identifier)} variant="contained">
              Open {likely.identifier}
            </Button>
          )}
          <Button component={Link} to={paths.students()} variant={likely ? 'outlined' : 'contained'}>
            Back to students
          </Button>
        </>
      }
    >
      <Typography>
        No student has the identifier <strong>{identifier}</strong>. Check it, or find the student by name.
      </Typography>
      {likely && <Typography sx={{ mt: 1 }}>Did you mean {likelyName}?</Typography>}
    </NotFoundView>
  );
}
