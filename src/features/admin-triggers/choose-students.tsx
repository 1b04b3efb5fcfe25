import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseIdentifiers } from '../../lib/identifiers.ts';
import { StudentSearch } from './student-search.tsx';
import { plural } from './trigger-words.ts';

/** Step 1: the identifiers, typed, pasted, picked by name or handed over in the URL; checked on demand. */
export function ChooseStudents({
  handedOver,
  text,
  onText,
  locked,
  onCheck,
  onStartOver,
}: {
  handedOver: number;
  text: string;
  onText: (change: (text: string) => string) => void;
  /** A run has started: the list stays as sent. */
  locked: boolean;
  onCheck: () => void;
  /** Offered once a run has finished. */
  onStartOver: (() => void) | null;
}) {
  const count = parseIdentifiers(text).unique.length;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="choose-heading">
      <Typography variant="h6" component="h2" id="choose-heading" sx={{ mb: 1 }}>
        1. Choose students
      </Typography>
      {handedOver > 0 && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {plural(handedOver, 'student')} handed over from another page. Add or remove identifiers below.
        </Alert>
      )}
      <Stack spacing={1.5}>
        <StudentSearch
          onPick={(person) =>
            onText((t) => (parseIdentifiers(t).unique.includes(person.identifier) ? t : `${t.trim()}${t.trim() ? '\n' : ''}${person.identifier}`))
          }
        />
        <TextField
          label="Student identifiers"
          multiline
          minRows={3}
          maxRows={10}
          value={text}
          onChange={(e) => onText(() => e.target.value)}
          helperText={`Paste identifiers separated by anything (commas, spaces, new lines). ${plural(count, 'identifier')} so far.`}
          disabled={locked}
        />
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={onCheck} disabled={count === 0 || locked}>
            Check and preview
          </Button>
          {onStartOver && <Button onClick={onStartOver}>Start over</Button>}
        </Stack>
      </Stack>
    </Paper>
  );
}
