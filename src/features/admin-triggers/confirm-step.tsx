import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Permission } from '../../queries/permissions.ts';
import { planChunks } from './apply-chunks.ts';
import type { NotationPreview } from './trigger-notations.ts';
import { plural } from './trigger-words.ts';

/** Above this many students, confirming means typing the count. */
export const TYPED_CONFIRM_ABOVE = 10;

/** Step 3: what applying creates, the confirmation it needs, and the button; gone once the run starts. */
export function ConfirmStep({
  students,
  preview,
  started,
  confirmText,
  onConfirmText,
  permission,
  waiting,
  onApply,
}: {
  students: readonly string[];
  preview: NotationPreview;
  started: boolean;
  /** Kept by the page: a new check empties it. */
  confirmText: string;
  onConfirmText: (text: string) => void;
  permission: Permission;
  /** Still looking for what this trigger gave them lately. */
  waiting: boolean;
  onApply: () => void;
}) {
  const needsTyped = students.length > TYPED_CONFIRM_ABOVE;
  const confirmed = !needsTyped || confirmText.trim() === String(students.length);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="confirm-heading">
      <Typography variant="h6" component="h2" id="confirm-heading" sx={{ mb: 1 }}>
        3. Apply
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        This creates {plural(students.length, preview.kind === 'alert' ? 'alert' : 'data insight')}, one per student, sent in{' '}
        {plural(planChunks(students).chunks.length, 'request')} of at most 100 students. They cannot be taken back.
      </Typography>
      {needsTyped && !started && (
        <TextField
          size="small"
          label={`Type ${students.length} to confirm`}
          value={confirmText}
          onChange={(e) => onConfirmText(e.target.value)}
          sx={{ mb: 1.5, display: 'block' }}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      )}
      {!started && (
        <Button
          variant="contained"
          color="warning"
          disabled={!confirmed || !permission.allowed || waiting}
          onClick={() => confirmed && students.length > 0 && onApply()}
        >
          Apply to {plural(students.length, 'student')}
        </Button>
      )}
      {!permission.allowed && <Typography variant="body2">{permission.reason}</Typography>}
    </Paper>
  );
}
