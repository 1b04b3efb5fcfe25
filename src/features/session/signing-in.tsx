import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** What shows for the moment before the identity provider's page loads. */
export function SigningIn() {
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', gap: 2, alignContent: 'center' }}>
      <CircularProgress aria-label="Signing in" />
      <Typography>Taking you to sign in…</Typography>
    </Box>
  );
}
