import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '../../api/notifications.ts';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { DateTimeText } from '../../components/relative-time.tsx';
import { notificationQueries } from '../../queries/notifications.ts';

const STATES: Record<OutboxMessage['state'], string> = {
  pending: 'Waiting to be sent',
  sending: 'Sending',
  sent: 'Sent',
  kept: 'Not sent',
  failed: 'Not sent yet: tried again shortly',
};

/**
 * The e-mails the gateway made for the signed-in person, newest first. Without a mail server
 * (no SMTP_URL) this is where they are read: nothing left the gateway.
 */
export function Outbox({ mailServer }: { mailServer: boolean }) {
  const outbox = useQuery(notificationQueries.outbox());
  const heading = mailServer ? 'E-mail sent to you' : 'Outbox (not sent: no mail server configured)';
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="outbox-heading">
      <Typography id="outbox-heading" variant="h6" component="h2">
        {heading}
      </Typography>
      {outbox.isPending ? (
        <Skeleton variant="rounded" height={96} aria-label="Loading the outbox" />
      ) : outbox.isError ? (
        <ProblemMessage error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : outbox.data.length === 0 ? (
        <Typography color="textSecondary">No e-mail yet. Once an alert you raised is lowered, or a digest is due, it appears here.</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={heading}>
          {outbox.data.map((message) => (
            <Paper component="li" key={message.key} variant="outlined" sx={{ p: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {message.subject}
                </Typography>
                <Chip size="small" label={STATES[message.state]} color={message.state === 'sent' ? 'success' : 'default'} variant="outlined" />
              </Stack>
              <Typography variant="body2" color="textSecondary">
                <DateTimeText dateTime={message.createdAt} />
              </Typography>
              <Box component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', typography: 'body2', m: 0, mt: 1 }}>
                {message.body}
              </Box>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
