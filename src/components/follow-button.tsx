import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { useFollowMany, useWatching } from '../queries/my-students.ts';
import { toastBus } from './toast-bus.ts';

/**
 * Follow or stop following a student (#32 item 3): a toggle button (aria-pressed) whose name says
 * whom. `compact`: an icon button for a row of a list; else a labelled button (the student page).
 */
export function FollowButton({ student, name, compact = false }: { student: string; name: string; compact?: boolean }) {
  const { watching, known, pending, toggle: change } = useWatching(student);
  const toggle = () =>
    change({
      onSuccess: (follow) => toastBus.show(follow ? `Following ${name}: they are on My students.` : `No longer following ${name}.`),
      onError: (follow) => toastBus.show(follow ? `${name} could not be followed. Try again.` : `${name} could not be unfollowed. Try again.`, 'error'),
    });
  const label = watching ? `Stop following ${name}` : `Follow ${name}`;
  if (compact) {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton
            aria-label={label}
            aria-pressed={watching}
            disabled={!known || pending}
            onClick={toggle}
            size="small"
            color={watching ? 'primary' : 'default'}
          >
            {watching ? <Star aria-hidden /> : <StarBorder aria-hidden />}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      variant={watching ? 'contained' : 'outlined'}
      size="small"
      aria-pressed={watching}
      aria-label={label}
      disabled={!known || pending}
      onClick={toggle}
      startIcon={watching ? <Star aria-hidden /> : <StarBorder aria-hidden />}
    >
      {watching ? 'Following' : 'Follow'}
    </Button>
  );
}

const students = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;

/**
 * Follow every student of a list's selection (or of what it shows) at once: the cohort roster's
 * bottom band, say. Says how it went, naming those that could not be followed.
 */
export function FollowStudentsButton({ identifiers, label }: { identifiers: readonly string[]; label: string }) {
  const follow = useFollowMany();
  const run = () =>
    follow.mutate(identifiers, {
      onSuccess: ({ followed, failed }) => {
        if (failed.length === 0) toastBus.show(`Following ${students(followed.length)}: they are on My students.`);
        else
          toastBus.show(
            `Following ${students(followed.length)}; ${students(failed.length)} could not be followed (${failed.slice(0, 5).join(', ')}${failed.length > 5 ? ', …' : ''}). Try again.`,
            'error',
          );
      },
    });
  return (
    <Button size="small" variant="outlined" onClick={run} disabled={identifiers.length === 0 || follow.isPending} startIcon={<StarBorder aria-hidden />}>
      {follow.isPending ? `Following ${students(identifiers.length)}…` : label}
    </Button>
  );
}
