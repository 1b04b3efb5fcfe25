import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { NotationCard, PreviewTable } from './apply-preview.tsx';
import { RECENT_DAYS } from './apply-queries.ts';
import { IdentifierProblems } from './identifier-problems.tsx';
import type { NotationPreview } from './trigger-notations.ts';
import { plural } from './trigger-words.ts';
import type { ApplySelection } from './use-apply-selection.ts';

/** Step 2: what is left out and why, what each student will get, and who got it lately. */
export function PreviewStep({
  selection,
  preview,
  stale,
  onUseLikely,
  onLeaveOut,
}: {
  selection: ApplySelection;
  preview: NotationPreview;
  /** The text changed since the check. */
  stale: boolean;
  onUseLikely: (replacements: ReadonlyMap<string, string>) => void;
  /** Leaves out the students who got it lately; null once a run has started. */
  onLeaveOut: ((keep: string) => void) | null;
}) {
  const { resolve, students, studentIds, recent, recentByStudent, withRecent } = selection;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="preview-heading">
      <Typography variant="h6" component="h2" id="preview-heading" sx={{ mb: 1 }}>
        2. Preview
      </Typography>
      {stale && (
        <Alert severity="info" sx={{ mb: 1 }}>
          The identifiers changed: check them again to update the preview.
        </Alert>
      )}
      {resolve.isPending && <LinearProgress aria-label="Checking the identifiers" />}
      {resolve.isError && <ProblemMessage error={resolve.error} onRetry={() => void resolve.refetch()} />}
      {resolve.data && (
        <Stack spacing={1.5}>
          <IdentifierProblems resolutions={resolve.data} duplicates={selection.duplicates} onUseLikely={onUseLikely} />
          <Typography data-testid="preview-summary">
            {students.length === 0
              ? 'No student to apply the trigger to.'
              : students.length === 1
                ? 'This student will get exactly this notation:'
                : `Each of these ${plural(students.length, 'student')} will get exactly this notation:`}
          </Typography>
          <NotationCard preview={preview} />
          {recent.isPending && studentIds.length > 0 && (
            <Typography variant="body2">Looking for notations from this trigger in the last {RECENT_DAYS} days…</Typography>
          )}
          {recent.isError && <ProblemMessage error={recent.error} onRetry={() => void recent.refetch()} />}
          {withRecent.length > 0 && (
            <Alert
              severity="warning"
              data-testid="recent-warning"
              action={
                onLeaveOut ? (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() =>
                      onLeaveOut(
                        students
                          .filter((s) => !recentByStudent.has(s.identifier))
                          .map((s) => s.identifier)
                          .join('\n'),
                      )
                    }
                  >
                    Leave them out
                  </Button>
                ) : undefined
              }
            >
              {plural(withRecent.length, 'student')} already received a notation from this trigger in the last {RECENT_DAYS} days:{' '}
              {withRecent
                .slice(0, 10)
                .map((s) => s.identifier)
                .join(', ')}
              {withRecent.length > 10 ? ', …' : ''}. Applying again gives them another one.
            </Alert>
          )}
          {students.length > 0 && <PreviewTable students={students} preview={preview} recent={recentByStudent} />}
        </Stack>
      )}
    </Paper>
  );
}
