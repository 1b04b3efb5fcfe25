import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { PageRoute } from '../app/route-table.ts';
import { HeadingWithJournal } from './heading-with-journal.tsx';

/**
 * A page's h1 and fixed opening sentence, from its route table entry (src/app/route-table.ts): the
 * words the server's first frame paints too (src/gateway/app-serving/app-shell.ts), spelled once,
 * set and spaced as the entry says (`smallHeadingOnPhone`, `intro.after`, `intro.body2`), so that
 * the app's heading lands where the frame's was.
 *
 * With `intro.after: 'stack'` the heading and the sentence are two items of the page's Stack (its
 * 16 px between them); otherwise one block (`sx`: its own spacing). `journal`: a "Change journal"
 * link across from the h1.
 */
export function PageHeading({
  route,
  journal,
  sx,
}: {
  route: Pick<PageRoute, 'title' | 'heading' | 'intro' | 'smallHeadingOnPhone'>;
  journal?: string;
  sx?: SxProps<Theme>;
}) {
  const text = route.heading ?? route.title;
  const { intro } = route;
  const heading = journal ? (
    <HeadingWithJournal title={text} journal={journal} />
  ) : (
    <Typography
      variant="h4"
      component="h1"
      gutterBottom={intro?.after === 'gutter'}
      sx={route.smallHeadingOnPhone ? { typography: { xs: 'h5', sm: 'h4' } } : undefined}
    >
      {text}
    </Typography>
  );
  if (!intro) return heading;
  const sentence = (
    <Typography color="textSecondary" {...(intro.body2 ? { variant: 'body2' } : {})}>
      {intro.text}
    </Typography>
  );
  if (intro.after === 'stack') {
    return (
      <>
        {heading}
        {sentence}
      </>
    );
  }
  return (
    <Box sx={sx}>
      {heading}
      {sentence}
    </Box>
  );
}
