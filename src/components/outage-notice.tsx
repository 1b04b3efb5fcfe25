import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { OutageMonitor, OutageState } from '../queries/outage.ts';
import { describeError } from './problem-message.tsx';

/** Seconds until the next retry, counted down on screen. */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1_000));
}

const HEADLINES: Record<OutageState['cause'], string> = {
  offline: 'The dashboard cannot reach its server.',
  unreachable: 'The student records service is not answering.',
  failing: 'The student records service is answering with errors.',
};

/**
 * The page's one notice while the service is down (#31 item 5), instead of a banner per section:
 * what is wrong, when the next try is, and a way to try now. It goes away by itself once the
 * service answers and the page has what it was missing.
 */
export function OutageNotice({ monitor, state }: { monitor: OutageMonitor; state: OutageState }) {
  const seconds = useSecondsUntil(state.nextRetryAt);
  if (!state.active) return null;
  const when = state.checking ? 'Trying again now…' : seconds === null ? 'Retrying once this page is in view again.' : `Retrying in ${seconds} s…`;
  return (
    <Alert
      severity="warning"
      role="status"
      data-testid="outage-notice"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" disabled={state.checking} onClick={() => void monitor.retryNow()}>
          Retry now
        </Button>
      }
    >
      <AlertTitle>{HEADLINES[state.cause]}</AlertTitle>
      {/* The service's own words, when it gave some. */}
      {state.cause === 'failing' && <span>{describeError(state.error)} </span>}
      {state.failing} {state.failing === 1 ? 'part' : 'parts'} of this page could not be loaded; nothing you saved is lost.{' '}
      {/* Not announced: a countdown read out every second would drown the page. */}
      <span aria-live="off">{when}</span>
    </Alert>
  );
}
