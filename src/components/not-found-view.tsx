import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { paths } from '../app/route-table.ts';

export interface NotFoundViewProps {
  title?: string;
  /** What is missing, in a sentence or two. */
  children?: ReactNode;
  /** The ways on (links); by default the start page. */
  actions?: ReactNode;
}

/** Nothing here: said inside the shell, with a way on. A page that looked for one thing (a student) says which. */
export function NotFoundView({ title = 'Page not found', children, actions }: NotFoundViewProps) {
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography component="div" sx={{ mb: 2 }}>
        {children ?? 'Nothing is at this address. It may have moved, or the link may be mistyped.'}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {actions ?? (
          <Button component={Link} to={paths.start()} variant="contained">
            Go to the start page
          </Button>
        )}
      </Stack>
    </>
  );
}
