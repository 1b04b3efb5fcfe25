import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** An administration page's heading with its "Change journal" link (the journal filtered to what the page changes) across from it. */
export function HeadingWithJournal({ title, journal }: { title: string; journal: string }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Link component={RouterLink} to={journal}>
        Change journal
      </Link>
    </Stack>
  );
}
