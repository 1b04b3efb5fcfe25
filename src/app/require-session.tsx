import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ProblemMessage } from '../components/problem-message.tsx';
import { sessionQueries } from '../queries/session.ts';

/** Everything but the sign-in screen needs a signed-in person. */
export function RequireSession() {
  const session = useQuery(sessionQueries.current());
  const location = useLocation();
  if (session.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (session.isError) {
    return (
      <Box sx={{ p: 4 }}>
        <ProblemMessage error={session.error} onRetry={() => void session.refetch()} />
      </Box>
    );
  }
  if (!session.data) return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}
