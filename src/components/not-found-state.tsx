import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

/**
 * A record the address names does not exist (an unknown administration, trigger, person): said
 * inside the shell as the page's heading, with the way back, and nothing that looks like the record.
 */
export function NotFoundState({ title, back, children, testId }: { title: string; back: { to: string; label: string }; children: ReactNode; testId?: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid={testId}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography>{children}</Typography>
      <Button component={Link} to={back.to} variant="contained">
        {back.label}
      </Button>
    </Stack>
  );
}
