import { memo, useCallback, useEffect, useEffectEvent, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { notifyManager, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import KeyboardArrowUpOutlined from '@mui/icons-material/KeyboardArrowUpOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import PriorityHighOutlined from '@mui/icons-material/PriorityHighOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink } from 'react-router';
import { isNotFound } from '../../../api/errors.ts';
import { paths } from '../../../app/route-table.ts';
import { useApi } from '../../../queries/api-context.tsx';
import { PLAIN_TEXT } from '../../../components/plain-text.ts';
import { ProblemMessage } from '../../../components/problem-message.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { alertQueries, findCachedAlert } from '../../../queries/alerts.ts';
import { TRIAGE_EXPAND, type TriageAlert } from '../../../queries/alert-queue.ts';
import { AlertComments, PersonName, StudentPanel } from './alert-drawer-parts.tsx';
import { ALERT_DRAWER_WIDTH } from './drawer-width.ts';
import { CommentBox } from '../../../components/compose/comment-box.tsx';
import { LowerAlertButton } from '../../../components/compose/lower-alert-button.tsx';
import { ClaimControl } from '../../../components/claim-control.tsx';
import { UpdateComposer } from '../../../components/compose/notation-composer.tsx';
import { draftKeys } from '../../../components/compose/draft-keys.ts';

export interface AlertDrawerProps {
  /** The queue as it shows now: ordered and filtered. The arrows move through it. */
  alerts: readonly TriageAlert[];
  /** The alert shown, or null: closed. It may be missing from `alerts` (lowered out of an Open view): it is then shown from the cache. */
  openId: number | null;
  /** The drawer asks to show another alert (arrows, buttons) or to close (null: Escape, the close button). */
  onOpenChange: (id: number | null) => void;
  /** After the drawer closed itself (Escape, the close button): the page puts focus back on the queue's row. */
  onClosed?: () => void;
  /** Move focus into the drawer when it opens (default true): opened with Enter on a row, the keyboard goes on in the drawer. */
  focusOnOpen?: boolean;
}

const number = new Intl.NumberFormat(undefined);
/** Audiences in the composer's words. */
const AUDIENCE_WORDS: Record<string, string> = { All: 'All staff', FullNetwork: 'Full success network' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** An alert with the queue's expansions (student, categories, creator), whatever list or detail of the cache it comes from. */
function isTriageAlert(value: unknown): value is TriageAlert {
  if (!isRecord(value)) return false;
  const { student, categories, createdBy } = value;
  return (
    isRecord(student) &&
    typeof student.identifier === 'string' &&
    isRecord(categories) &&
    Array.isArray(categories.values) &&
    isRecord(createdBy) &&
    typeof createdBy.identifier === 'string'
  );
}

/**
 * Alert `id` as the cache holds it, kept up to date (subscribed to the cache) while `wanted`: the
 * alert is no longer in the queue, typically lowered out of an Open view. The lowering wrote its
 * new status into every cached list and detail, so this shows Lowered at once.
 */
function useCachedTriageAlert(id: number | null, wanted: boolean): TriageAlert | undefined {
  const client = useQueryClient();
  const active = wanted && id !== null;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!active) return () => {};
      // Deferred as TanStack's own hooks do: the cache also changes while other components render (a query is added).
      const notify = notifyManager.batchCalls(onChange);
      return client.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === 'alerts') notify();
      });
    },
    [client, active],
  );
  const snapshot = useCallback(() => (active && id !== null ? findCachedAlert(client, id, isTriageAlert) : undefined), [client, active, id]);
  return useSyncExternalStore(subscribe, snapshot);
}

/** Keys that belong to the control that has focus, not to the drawer: typing, choosing, moving in a group. */
const OWN_KEYS =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"], [role="listbox"], [role="radiogroup"], [role="menu"], [role="slider"], [role="tablist"], [role="grid"]';

/**
 * The alert triage drawer: one alert of the queue in full — status, when and by whom, audience,
 * details, categories, comments, the student and their success network — and what can be done
 * about it: comment, lower (with the comment that says why), write a follow-up update.
 *
 * Persistent, not modal: the queue stays usable beside it (a click on another row shows that
 * alert). From inside the drawer ↓/j and ↑/k move to the next and previous alert of `alerts`,
 * Escape closes. Writes go through the query layer, so the queue's row changes in place.
 */
export function AlertDrawer({ alerts, openId, onOpenChange, onClosed, focusOnOpen = true }: AlertDrawerProps) {
  const api = useApi();
  const titleId = useId();
  const regionRef = useRef<HTMLDivElement>(null);

  // While the drawer slides out, the alert it showed stays in it.
  const [shownId, setShownId] = useState(openId);
  if (openId !== null && openId !== shownId) setShownId(openId);

  const index = shownId === null ? -1 : alerts.findIndex((alert) => alert.id === shownId);
  const fromQueue = index >= 0 ? alerts[index] : undefined;
  // Where the alert last was in the queue: once it has left, the next one is the one now in its place.
  const [lastIndex, setLastIndex] = useState(0);
  if (index >= 0 && index !== lastIndex) setLastIndex(index);

  const inQueue = fromQueue !== undefined;
  const cached = useCachedTriageAlert(shownId, !inQueue);
  const fetched = useQuery({ ...alertQueries.detail(api, shownId ?? 0, TRIAGE_EXPAND), enabled: shownId !== null && !inQueue });
  const alert = fromQueue ?? cached;

  const neighbour = (step: 1 | -1): TriageAlert | undefined => {
    if (index >= 0) return alerts[index + step];
    return alerts[step === 1 ? lastIndex : lastIndex - 1];
  };
  const previous = neighbour(-1);
  const next = neighbour(1);

  const close = () => {
    onOpenChange(null);
    onClosed?.();
  };

  /** `focus`: where focus goes after the move, when what has it now may go (a control of the alert left) or be disabled (the end). */
  const move = (target: TriageAlert | undefined, focus: 'region' | 'keep') => {
    if (target === undefined) return;
    onOpenChange(target.id);
    if (focus === 'region') regionRef.current?.focus();
  };

  // From a step button: it keeps focus while there is an alert beyond; at the queue's end it is disabled, so focus goes to the region.
  const stepTo = (step: 1 | -1) => {
    const target = neighbour(step);
    move(target, neighbourAfter(alerts, target, step) ? 'keep' : 'region');
  };

  // Opened (not moved): focus goes into the drawer, so that the keys go on here.
  const wasOpen = useRef(false);
  useEffect(() => {
    const isOpen = openId !== null;
    if (isOpen && !wasOpen.current && focusOnOpen) regionRef.current?.focus();
    wasOpen.current = isOpen;
  }, [openId, focusOnOpen]);

  // Escape pressed outside the drawer closes it too: with focus nowhere (the page's body, after a
  // click on blank space or a window switch) or on the queue, whose grid may take focus back to the
  // cell it last held when that row renders again. Only a control that uses Escape keeps it.
  const closeFromPage = useEffectEvent(close);
  const isOpen = openId !== null;
  useEffect(() => {
    if (!isOpen) return;
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const active = document.activeElement;
      if (active instanceof Element && active.closest(KEEPS_ESCAPE)) return;
      event.preventDefault();
      closeFromPage();
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, [isOpen]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    // Keys pressed in a portal opened from here (the lowering dialog, a menu) bubble here through React's tree: not ours.
    if (!(target instanceof Node) || !regionRef.current?.contains(target)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (target.closest(OWN_KEYS)) return;
    const step = event.key === 'ArrowDown' || event.key === 'j' ? 1 : event.key === 'ArrowUp' || event.key === 'k' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    move(neighbour(step), 'region');
  };

  const position =
    index >= 0
      ? `Alert ${number.format(index + 1)} of ${number.format(alerts.length)}`
      : `Not in the queue's current view (${alerts.length === 1 ? '1 alert' : `${number.format(alerts.length)} alerts`} in it)`;

  return (
    <Drawer
      variant="persistent"
      anchor="right"
      open={openId !== null}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: ALERT_DRAWER_WIDTH }, zIndex: (theme) => theme.zIndex.appBar - 1 } },
        transition: {
          onExited: () => {
            if (openId === null) setShownId(null);
          },
        },
      }}
    >
      {/* Under the app bar, which stays above the drawer. */}
      <Toolbar aria-hidden />
      <Box
        ref={regionRef}
        role="region"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        sx={{ flex: 1, overflowY: 'auto', p: 2, outline: 'none', '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` } }}
      >
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
            {alert ? `Alert for ${alert.student.firstName} ${alert.student.lastName}` : 'Alert details'}
          </Typography>
          <StepButton step={-1} disabled={previous === undefined} onStep={stepTo} />
          <StepButton step={1} disabled={next === undefined} onStep={stepTo} />
          <Tooltip title="Close (Esc)" describeChild>
            <IconButton aria-label="Close alert details" aria-keyshortcuts="Escape" onClick={close}>
              <CloseOutlined />
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography variant="body2" color="textSecondary" role="status" data-testid="alert-position">
          {shownId === null ? '' : position}
        </Typography>

        {shownId !== null && alert === undefined && (
          <Box sx={{ mt: 2 }}>
            {fetched.isPending && <LinearProgress aria-label="Loading the alert" />}
            {fetched.isError &&
              (isNotFound(fetched.error) ? (
                <Typography color="textSecondary">This alert could not be found.</Typography>
              ) : (
                <ProblemMessage error={fetched.error} onRetry={() => void fetched.refetch()} />
              ))}
          </Box>
        )}
        {alert !== undefined && <AlertContent key={alert.id} alert={alert} />}
      </Box>
    </Drawer>
  );
}

/** Whether there is an alert beyond `from` in that direction (the button stays enabled, and may keep focus). */
function neighbourAfter(alerts: readonly TriageAlert[], from: TriageAlert | undefined, step: 1 | -1): boolean {
  if (from === undefined) return false;
  const at = alerts.indexOf(from);
  return at >= 0 && alerts[at + step] !== undefined;
}

/** Where Escape belongs to the focused control: typing, and popups that close on it. */
const KEEPS_ESCAPE = 'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

const STEPS = {
  [-1]: { label: 'Previous alert', keys: '↑ or k', shortcuts: 'ArrowUp k', icon: <KeyboardArrowUpOutlined /> },
  [1]: { label: 'Next alert', keys: '↓ or j', shortcuts: 'ArrowDown j', icon: <KeyboardArrowDownOutlined /> },
};

/** ↑ or ↓ in the drawer's heading: to the previous or next alert of the queue, disabled where there is none. */
function StepButton({ step, disabled, onStep }: { step: 1 | -1; disabled: boolean; onStep: (step: 1 | -1) => void }) {
  const { label, keys, shortcuts, icon } = STEPS[step];
  return (
    <Tooltip title={`${label} (${keys})`} describeChild>
      <span>
        <IconButton aria-label={label} aria-keyshortcuts={shortcuts} disabled={disabled} onClick={() => onStep(step)}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function AlertStatusChip({ status }: { status: TriageAlert['status'] }) {
  return status === 'Open' ? (
    <Chip size="small" color="warning" variant="outlined" icon={<PriorityHighOutlined aria-hidden />} label="Open" />
  ) : (
    <Chip size="small" variant="outlined" icon={<LockOpenOutlined aria-hidden />} label="Lowered" />
  );
}

/** Whether the signed-in person has an unsaved follow-up update for the student on this device (the composer then opens by itself). */
function hasUpdateDraft(student: string): boolean {
  try {
    return window.localStorage.getItem(draftKeys.notation('update', student)) !== null;
  } catch {
    return false;
  }
}

/** Memoised: the queue's page re-renders often (scrolling, selection) while the alert shown stays the same object. */
const AlertContent = memo(function AlertContent({ alert }: { alert: TriageAlert }) {
  const ids = { comments: useId(), followUp: useId(), followUpPanel: useId() };
  const student = alert.student.identifier;
  const statusRef = useRef<HTMLSpanElement>(null);
  const [followUp, setFollowUp] = useState(() => hasUpdateDraft(student));
  const created = new Date(alert.createdOn);
  const categories = alert.categories.values;

  return (
    <Stack spacing={2.5} sx={{ mt: 1.5 }}>
      <Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Box component="span" ref={statusRef} tabIndex={-1} data-testid="alert-status" sx={{ outline: 'none' }}>
            <AlertStatusChip status={alert.status} />
          </Box>
          <Chip size="small" variant="outlined" label={`Audience: ${AUDIENCE_WORDS[alert.audienceType] ?? alert.audienceType}`} />
          {alert.canStudentView ? (
            <Chip size="small" variant="outlined" icon={<VisibilityOutlined aria-hidden />} label="Visible to student" />
          ) : (
            <Chip size="small" variant="outlined" label="Not visible to student" />
          )}
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          Raised by <PersonName person={alert.createdBy} /> on{' '}
          <Box component="time" dateTime={Number.isNaN(created.getTime()) ? undefined : created.toISOString()}>
            {formatDateTime(alert.createdOn)}
          </Box>{' '}
          (<RelativeTime dateTime={alert.createdOn} />)
        </Typography>

        <Typography component="p" sx={{ ...PLAIN_TEXT, mt: 1.5 }}>
          {alert.details}
        </Typography>

        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }} aria-label="Categories" role="list">
          {categories.length === 0 ? (
            <Typography role="listitem" variant="body2" color="textSecondary">
              No categories
            </Typography>
          ) : (
            categories.map((category) => <Chip role="listitem" key={category.id} size="small" label={category.name} />)
          )}
        </Stack>

        {alert.status === 'Open' && (
          <Box component="section" aria-label="Who is on it" sx={{ mt: 2 }}>
            <ClaimControl alert={String(alert.id)} />
          </Box>
        )}

        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
          {/* Mounted for an open alert and kept while its dialog or write is in progress (see LowerAlertButton). */}
          <LowerAlertButton
            alertId={alert.id}
            student={student}
            lowered={alert.status !== 'Open'}
            // The button goes once the alert is lowered: focus goes to the status that now says Lowered, in the drawer.
            onLowered={() => statusRef.current?.focus()}
          />
          <Button size="small" id={ids.followUp} aria-expanded={followUp} aria-controls={ids.followUpPanel} onClick={() => setFollowUp((open) => !open)}>
            {followUp ? 'Hide the follow-up update' : 'Write a follow-up update'}
          </Button>
          <Link component={RouterLink} to={paths.student(student)} variant="body2">
            Open the student's timeline
          </Link>
        </Stack>
        <Box id={ids.followUpPanel} hidden={!followUp} sx={{ mt: 2 }}>
          {followUp && (
            <Box component="section" aria-labelledby={`${ids.followUpPanel}-heading`}>
              <Typography id={`${ids.followUpPanel}-heading`} variant="subtitle1" component="h3" gutterBottom>
                Follow-up update for {alert.student.firstName} {alert.student.lastName}
              </Typography>
              <UpdateComposer student={student} />
            </Box>
          )}
        </Box>
      </Box>

      <Divider />
      <Box component="section" aria-labelledby={ids.comments}>
        <Typography id={ids.comments} variant="subtitle1" component="h3" gutterBottom>
          Comments
        </Typography>
        <AlertComments alert={alert} />
        <Box sx={{ mt: 1.5 }}>
          <CommentBox kind="alert" notationId={alert.id} student={student} />
        </Box>
      </Box>

      <Divider />
      <StudentPanel student={alert.student} />
    </Stack>
  );
});
