import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { Person } from '../../api/schemas/index.ts';
import { NotFoundView } from '../../components/not-found-view.tsx';
import { paths } from '../../app/route-table.ts';

/**
 * `/students/:identifier` for someone who is not a student (a staff identifier typed or linked
 * there): said plainly, with their caseload one click away, and nothing to write on — a note
 * posted about a staff member would only fail after it was typed (#31 item 3).
 */
export function NotAStudent({ person }: { person: Person }) {
  const name = `${person.firstName} ${person.lastName}`;
  return (
    <NotFoundView
      title="Not a student"
      actions={
        <>
          <Button component={Link} to={paths.caseload(person.identifier)} variant="contained">
            Open {person.firstName}’s caseload
          </Button>
          <Button component={Link} to={paths.students()} variant="outlined">
            Back to students
          </Button>
        </>
      }
    >
      <Typography>
        <strong>{person.identifier}</strong> is {name}, a staff member ({person.role}), not a student: there is no student record to show or write on.
      </Typography>
    </NotFoundView>
  );
}
