import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Outlet } from 'react-router';
import { ProblemMessage } from '../components/problem-message.tsx';
import { currentPath, sessionEnded, sessionQueries } from '../queries/session.ts';
import { markSessionEnded } from '../queries/session-events.ts';
import { SigningIn } from '../features/session/signing-in.tsx';
import { SESSION_ENDED_EVENT } from './api-client.ts';
import { hasStaticShell, useRemoveStaticShell } from './static-shell.ts';

// Shown once per person and version of the notice: its code is not in every page's first load.
const ConfidentialityNotice = lazy(async () => ({ default: (await import('../features/session/confidentiality-notice.tsx')).ConfidentialityNotice }));

function ShellRemoved({ children }: { children: ReactNode }) {
  useRemoveStaticShell();
  return children;
}

/**
 * Everything needs a signed-in person. Without one (never signed in, signed out elsewhere, the
 * session timed out mid-edit: any 401 from /api), the browser goes to the identity provider and
 * comes back to the same URL; drafts survive in localStorage.
 */
export function RequireSession() {
  const session = useQuery(sessionQueries.current());
  const queryClient = useQueryClient();
  const ended = session.isSuccess && !session.data;

  useEffect(() => {
    // A 401 mid-work (a Post, usually): the draft restored after signing in says why (#31 item 6).
    const onEnded = () => {
      markSessionEnded(currentPath());
      sessionEnded(queryClient);
    };
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, [queryClient]);

  useEffect(() => {
    if (ended) sessionEnded(queryClient);
  }, [ended, queryClient]);

  if (session.isPending) {
    // The server's shell already shows the page's frame and title: no spinner over it.
    if (hasStaticShell()) return null;
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (session.isError) {
    return (
      <ShellRemoved>
        <Box sx={{ p: 4 }}>
          <ProblemMessage error={session.error} onRetry={() => void session.refetch()} />
        </Box>
      </ShellRemoved>
    );
  }
  if (!session.data) {
    return (
      <ShellRemoved>
        <SigningIn />
      </ShellRemoved>
    );
  }
  // A notice still to accept comes before any page that could show a record (#30 item 6).
  if (session.data.notice && !session.data.notice.accepted) {
    return (
      <ShellRemoved>
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
              <CircularProgress aria-label="Loading the confidentiality notice" />
            </Box>
          }
        >
          <ConfidentialityNotice />
        </Suspense>
      </ShellRemoved>
    );
  }
  return <Outlet />;
}
