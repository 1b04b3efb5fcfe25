import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';

export function NotFoundPage() {
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography sx={{ mb: 2 }}>Nothing is at this address. It may have moved, or the link may be mistyped.</Typography>
      <Button component={Link} to={paths.start()} variant="contained">
        Go to the start page
      </Button>
    </>
  );
}
