import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeError } from '../../../components/problem-message.tsx';
import { DetailsField, FormHint, useSignedIn } from '../../../components/compose/form-parts.tsx';
import { useDetailsDraft } from '../../../components/compose/use-details-draft.ts';
import type { TriageAlert } from '../../../queries/alert-queue.ts';
import { formatDate } from '../../../lib/dates.ts';
import { progressOf, type BulkLowerResult, type LowerOutcome } from './bulk-lower.ts';
import { useBulkLower } from './use-bulk-lower.ts';

export interface BulkLowerDialogProps {
  /** The selected alerts; those not Open are skipped (and said so). */
  alerts: readonly TriageAlert[];
  open: boolean;
  /** Asked to close: never called while the writes run. */
  onClose: () => void;
  /** After each run (the first and every retry), with the outcome of every alert. */
  onFinished?: (result: BulkLowerResult) => void;
}

/**
 * One comment for every selected alert: the draft outlives the dialog, a reload and any failure
 * (it goes only when every alert is lowered), like the single lowering's. The storage key cannot
 * meet the timeline's keys (`draft:lower:<student>:<alert>`).
 */
const DRAFT_KEY = 'draft:lower:bulk';

const number = new Intl.NumberFormat(undefined);
const plural = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;
const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
/** The start of an alert's text, on one line, to say which alert is meant. */
const excerpt = (details: string) => {
  const line = details.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};
/** How many students are named before "and N more". */
const NAMED_STUDENTS = 5;

/** Lowers the selected open alerts with one comment, a few at a time, with progress; failures listed per alert, retried alone. */
export function BulkLowerDialog(props: BulkLowerDialogProps) {
  // Every opening is a new run: a fresh form (the comment comes back from its draft).
  const [opening, setOpening] = useState({ open: props.open, count: 0 });
  if (opening.open !== props.open) setOpening({ open: props.open, count: props.open ? opening.count + 1 : opening.count });
  const [running, setRunning] = useState(false);
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      open={props.open}
      // Closing while the writes run is not offered: the outcome of each alert must be seen.
      onClose={() => {
        if (!running) props.onClose();
      }}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
    >
      <BulkLowerForm key={opening.count} {...props} ids={{ title: titleId, description: descriptionId }} onRunningChange={setRunning} />
    </Dialog>
  );
}

interface FormProps extends BulkLowerDialogProps {
  ids: { title: string; description: string };
  onRunningChange: (running: boolean) => void;
}

function BulkLowerForm({ alerts, onClose, onFinished, ids, onRunningChange }: FormProps) {
  const mutation = useBulkLower();
  const author = useSignedIn();
  const form = useDetailsDraft(DRAFT_KEY);
  const { draft, focusWhenShown } = form;
  /** The selection as it was when lowering started: the queue changes under it as alerts are lowered. */
  const [started, setStarted] = useState<readonly TriageAlert[] | null>(null);
  const [result, setResult] = useState<BulkLowerResult | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const selection = started ?? alerts;
  const open = selection.filter((alert) => alert.status === 'Open');
  const skipped = selection.length - open.length;
  const byId = new Map(selection.map((alert) => [alert.id, alert]));
  const students = [...new Map(open.map((alert) => [alert.student.identifier, alert.student])).values()];

  const running = mutation.isPending;
  const progress = result ? progressOf(result) : { total: open.length, lowered: 0, failed: 0, pending: open.length };
  const finished = result !== null && !running;
  const failures = result ? result.ids.flatMap((id) => failureOf(id, result.outcomes.get(id))) : [];
  const alreadyLowered = result ? result.ids.filter((id) => result.outcomes.get(id)?.status === 'already-lowered') : [];
  const allLowered = finished && progress.pending === 0 && progress.failed === 0;

  const run = () => {
    if (running || open.length === 0 || allLowered) return;
    form.submit(send);
  };

  const send = (details: string) => {
    if (!author.identifier) return;
    const targets = started ?? alerts;
    setStarted(targets);
    onRunningChange(true);
    mutation.mutate(
      {
        alerts: targets.filter((alert) => alert.status === 'Open').map((alert) => ({ id: alert.id, student: alert.student.identifier })),
        createdBy: author.identifier,
        details,
        previous: result ?? undefined,
        onProgress: setResult,
      },
      {
        onSuccess: (done) => {
          setResult(done);
          const { failed, pending } = progressOf(done);
          // The comment was posted on every alert: nothing is left to keep.
          if (failed === 0 && pending === 0) draft.clear();
          onFinished?.(done);
          focusWhenShown(() => summaryRef.current);
        },
        onSettled: () => onRunningChange(false),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };

  const retryCount = progress.failed + (finished ? progress.pending : 0);
  const submitLabel = running
    ? 'Lowering…'
    : result === null
      ? `Lower ${plural(open.length, 'alert', 'alerts')}`
      : `Retry failed (${number.format(retryCount)})`;
  const named = students.slice(0, NAMED_STUDENTS).map((student) => `${nameOf(student)} (${student.identifier})`);
  const more = students.length - named.length;
  // One alert is spoken of as one: which, whose, raised when and by whom (#31 item 10).
  const one = open.length === 1 ? open[0]! : null;

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogTitle id={ids.title}>{open.length === 0 ? 'Lower alerts' : `Lower ${plural(open.length, 'alert', 'alerts')}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={ids.description}>
            {open.length === 0
              ? 'None of the selected alerts is open: there is nothing to lower.'
              : one
                ? `The comment is added to ${nameOf(one.student)}’s (${one.student.identifier}) alert of ${formatDate(one.createdOn)}${'firstName' in one.createdBy ? `, raised by ${nameOf(one.createdBy)}` : ''}, and lowers it: “${excerpt(one.details)}”`
                : `The same comment is added to each alert and lowers it, for ${plural(students.length, 'student', 'students')}: ${named.join(', ')}${more > 0 ? ` and ${number.format(more)} more` : ''}.`}
          </DialogContentText>
          {skipped > 0 && <Alert severity="info">{plural(skipped, 'selected alert is', 'selected alerts are')} not open and will be skipped.</Alert>}
          {draft.restored && draft.dirty && result === null && <FormHint>Your unsaved comment was restored.</FormHint>}
          {open.length > 0 && !allLowered && (
            <DetailsField
              label={one ? 'Why is it lowered?' : 'Why are they lowered?'}
              control={form.control}
              error={form.error}
              hint={one ? 'Required. Added to the alert. Ctrl+Enter lowers it.' : 'Required. Added to every alert. Ctrl+Enter lowers them.'}
              onSubmit={run}
              autoFocus
              readOnly={running}
            />
          )}
          {!author.isPending && !author.identifier && <FormHint>Sign in to lower alerts: the comment is written in your name.</FormHint>}

          {(running || result !== null) && (
            <Box>
              <Typography id={`${ids.title}-progress`} variant="body2" role="status">
                Lowered {number.format(progress.lowered)} of {number.format(progress.total)}
                {progress.failed > 0 && ` · ${plural(progress.failed, 'failed', 'failed')}`}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={progress.total === 0 ? 100 : (100 * (progress.lowered + progress.failed)) / progress.total}
                aria-labelledby={`${ids.title}-progress`}
                sx={{ mt: 0.5 }}
              />
            </Box>
          )}

          {finished && (
            <Box ref={summaryRef} tabIndex={-1} sx={{ outline: 'none' }}>
              {allLowered ? (
                <Alert severity="success">
                  {plural(progress.lowered, 'alert lowered', 'alerts lowered')}.
                  {alreadyLowered.length > 0 && ` ${plural(alreadyLowered.length, 'of them was', 'of them were')} already lowered by someone else.`}
                </Alert>
              ) : (
                <Alert severity="warning">
                  <AlertTitle>{plural(retryCount, 'alert was', 'alerts were')} not lowered. Your comment is kept.</AlertTitle>
                  {progress.lowered > 0 && `${plural(progress.lowered, 'alert is', 'alerts are')} lowered and will not be sent again. `}
                  Retry sends only the alerts listed here.
                </Alert>
              )}
            </Box>
          )}

          {/* The runner answers every refusal per alert; this is for a fault of the dashboard itself. */}
          {mutation.error != null && !running && <Alert severity="error">{describeError(mutation.error)} Your comment is kept.</Alert>}

          {finished && failures.length > 0 && (
            <OutcomeList label="Alerts not lowered" items={failures.map(({ id, reason }) => ({ id, alert: byId.get(id), reason }))} />
          )}
          {finished && alreadyLowered.length > 0 && (
            <OutcomeList
              label="Already lowered by someone else"
              items={alreadyLowered.map((id) => ({ id, alert: byId.get(id), reason: 'Already lowered by someone else.' }))}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {draft.dirty && result === null && (
          <Button type="button" onClick={form.discard} disabled={running} sx={{ mr: 'auto' }}>
            Discard draft
          </Button>
        )}
        <Button type="button" onClick={onClose} disabled={running} variant={allLowered ? 'contained' : 'text'}>
          {started === null ? 'Cancel' : 'Close'}
        </Button>
        {!allLowered && open.length > 0 && (
          <Button type="submit" variant="contained" color="warning" disabled={running || !author.identifier || (finished && retryCount === 0)}>
            {submitLabel}
          </Button>
        )}
      </DialogActions>
    </form>
  );
}

function failureOf(id: number, outcome: LowerOutcome | undefined): { id: number; reason: string }[] {
  if (outcome === undefined) return [{ id, reason: 'Not sent: the run was stopped before it.' }];
  return outcome.status === 'failed' ? [{ id, reason: outcome.reason || describeError(outcome.error) }] : [];
}

/** The alerts of one outcome, each with its student, its date and the reason. */
function OutcomeList({ label, items }: { label: string; items: { id: number; alert: TriageAlert | undefined; reason: string }[] }) {
  const labelId = useId();
  return (
    <Box component="section" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map(({ id, alert, reason }) => (
          <Typography component="li" variant="body2" key={id} data-alert-id={id}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {alert ? `${nameOf(alert.student)} (${alert.student.identifier})` : `Alert ${id}`}
            </Box>
            {alert && `, alert of ${formatDate(alert.createdOn)}`}: {reason}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
