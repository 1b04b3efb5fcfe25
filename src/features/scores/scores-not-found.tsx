import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

/** Not found, inside the shell, with the way back to the administrations. */
export function ScoresNotFound({ what }: { what: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="scores-not-found">
      <Typography variant="h4" component="h1">
        Administration not found
      </Typography>
      <Typography>The service has no {what}. The link may be mistyped, or the administration may have been removed.</Typography>
      <Button component={Link} to="/scores" variant="contained">
        Back to administrations
      </Button>
    </Stack>
  );
}
