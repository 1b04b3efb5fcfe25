import { useEffect, useId, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../api/errors.ts';
import type { Session } from '../../api/session.ts';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { noticeQueries, useAcceptNotice } from '../../queries/notice.ts';
import { sessionQueries, useSignOut } from '../../queries/session.ts';

type Block = { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

/**
 * The notice's text in blocks: `#` headings, `-`/`*` lists, and paragraphs between blank lines.
 * Only as much Markdown as a notice uses, and never HTML: the text is shown, not interpreted.
 */
export function noticeBlocks(text: string): Block[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): Block => {
      const lines = block.split('\n');
      if (lines.length === 1 && /^#{1,6}\s/.test(block)) return { kind: 'heading', text: block.replace(/^#+\s*/, '') };
      if (lines.every((line) => /^\s*[-*]\s/.test(line))) return { kind: 'list', items: lines.map((line) => line.replace(/^\s*[-*]\s+/, '')) };
      return { kind: 'paragraph', text: block };
    });
}

function NoticeText({ text, labelledBy }: { text: string; labelledBy: string }) {
  return (
    // Scrolls on its own when long, so the buttons stay in sight; focusable, so a keyboard can scroll it.
    <Box
      tabIndex={0}
      role="region"
      aria-labelledby={labelledBy}
      data-testid="notice-text"
      sx={{
        maxHeight: { xs: '55vh', md: '60vh' },
        overflowY: 'auto',
        pr: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {noticeBlocks(text).map((block, i) =>
        block.kind === 'heading' ? (
          <Typography key={i} variant="h6" component="h2" sx={{ mt: i === 0 ? 0 : 2, mb: 1 }}>
            {block.text}
          </Typography>
        ) : block.kind === 'list' ? (
          <Box key={i} component="ul" sx={{ mt: 0, mb: 1.5, pl: 3 }}>
            {block.items.map((item, j) => (
              <Typography key={j} component="li" sx={{ mb: 0.5 }}>
                {item}
              </Typography>
            ))}
          </Box>
        ) : (
          <Typography key={i} sx={{ mb: 1.5, whiteSpace: 'pre-line', maxWidth: '72ch' }}>
            {block.text}
          </Typography>
        ),
      )}
    </Box>
  );
}

/**
 * The confidentiality notice, full-page, after sign-in and before any page with records (#30 item
 * 6): read, then "I accept" (recorded by the gateway, with the version shown) or sign out. The
 * address stays the page that was asked for, which renders once the notice is accepted.
 */
export function ConfidentialityNotice() {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const notice = useQuery(noticeQueries.current());
  const accept = useAcceptNotice();
  const signOut = useSignOut();
  const changed = isApiError(accept.error) && accept.error.status === 409;

  useEffect(() => headingRef.current?.focus(), []);

  // Accepted meanwhile (another tab): nothing to ask.
  const acceptedElsewhere = notice.data !== undefined && notice.data.acceptedVersion === notice.data.version;
  useEffect(() => {
    if (acceptedElsewhere && notice.data)
      queryClient.setQueryData<Session | null>(sessionQueries.current().queryKey, (session) =>
        session ? { ...session, notice: { version: notice.data.version, accepted: true } } : session,
      );
  }, [acceptedElsewhere, notice.data, queryClient]);

  // The notice changed while it was being read (409): the new text is fetched, to be accepted anew.
  const acceptShown = (version: string) =>
    accept.mutate(version, {
      onError: (error) => {
        if (isApiError(error) && error.status === 409) void notice.refetch();
      },
    });

  const signOutButton = (
    <Button onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      {signOut.isPending ? 'Signing out…' : 'Sign out'}
    </Button>
  );

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'start center', p: { xs: 1.5, md: 4 }, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 760, p: { xs: 2, md: 4 } }}>
        <Stack spacing={2}>
          <Typography id={titleId} ref={headingRef} tabIndex={-1} variant="h4" component="h1" sx={{ outline: 'none', typography: { xs: 'h5', md: 'h4' } }}>
            Confidentiality notice
          </Typography>
          <Typography color="textSecondary">
            Read and accept this notice before any student's record is shown. You are asked once for each version of it.
          </Typography>

          {notice.isPending && <CircularProgress aria-label="Loading the notice" sx={{ alignSelf: 'center' }} />}
          {notice.isError && (
            <>
              <ProblemMessage error={notice.error} onRetry={() => void notice.refetch()} />
              <Box>{signOutButton}</Box>
            </>
          )}
          {notice.data && (
            <>
              <NoticeText text={notice.data.text} labelledBy={titleId} />
              {changed && <Alert severity="info">The notice changed while you were reading it. The new version is shown above: read it, then accept it.</Alert>}
              {accept.isError && !changed && <ProblemMessage error={accept.error} onRetry={() => acceptShown(notice.data.version)} />}
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                <Button
                  variant="contained"
                  onClick={() => acceptShown(notice.data.version)}
                  disabled={accept.isPending || notice.isFetching || acceptedElsewhere}
                >
                  {accept.isPending ? 'Recording…' : 'I accept'}
                </Button>
                {signOutButton}
              </Stack>
              <Typography variant="body2" color="textSecondary">
                Your acceptance is recorded with your name, the time and this version of the notice ({notice.data.version}).
              </Typography>
            </>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
