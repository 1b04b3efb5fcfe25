import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from './route-table.ts';
import { describeError } from '../components/problem-message.tsx';
import { useRemoveStaticShell } from './static-shell.ts';

/** The route error boundary: a message and a way on, never a blank screen or a stack trace. */
export function RouteError() {
  const error = useRouteError();
  useRemoveStaticShell();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : describeError(error);
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        This page could not be shown
      </Typography>
      <Alert severity="error" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>{' '}
      <Button href={paths.start()}>Go to the start page</Button>
    </Box>
  );
}
