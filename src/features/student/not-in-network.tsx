import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { Person } from '../../api/schemas/index.ts';
import { paths } from '../../app/route-table.ts';
import { describeError } from '../../components/problem-message.tsx';
import { useRequestStudentAccess } from '../../queries/student-access.ts';

const MIN_REASON = 10;

/**
 * A student whose records the person may not open (#30): their name (directory information), the
 * plain reason, and a way to state why they need the record — a grant for a few hours, logged with
 * that reason and listed for administrators. What was typed stays if the request fails.
 */
export function NotInNetwork({ student, person, hours }: { student: string; person: Person | null; hours: number }) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const request = useRequestStudentAccess(student);
  const name = person ? `${person.firstName} ${person.lastName}` : student;
  const short = reason.trim().length < MIN_REASON;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!short) request.mutate(reason.trim());
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: '42rem' }}>
      <Typography variant="h4" component="h1">
        {name}
      </Typography>
      <Typography>You are not in this student's success network, so their notes, alerts, scores and network are not shown to you.</Typography>
      <Paper variant="outlined" component="form" onSubmit={submit} aria-label="Ask to open this record" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField
            label="Why do you need this record?"
            multiline
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={tried && short}
            helperText={
              tried && short
                ? `Say in at least ${MIN_REASON} characters why you need it.`
                : `Your reason is logged with every read and shown to administrators. The record opens for ${hours} hours.`
            }
          />
          {request.isError ? <Alert severity="error">{describeError(request.error)}</Alert> : null}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={request.isPending}>
              {request.isPending ? 'Opening…' : 'Open the record'}
            </Button>
            <Button component={Link} to={paths.students()}>
              Back to students
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
