import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { NotificationSettings, NotificationState } from '../../api/notifications.ts';
import { PAGES } from '../../app/route-table.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { notificationQueries, useSaveNotificationSettings } from '../../queries/notifications.ts';
import { Outbox } from './outbox.tsx';

const DIGESTS: { value: NotificationSettings['digest']; label: string }[] = [
  { value: 'none', label: 'No digest' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly (on Mondays)' },
];

/** The form, once the saved settings are in: edits stay local until saved. */
function NotificationForm({ saved }: { saved: NotificationState }) {
  const [draft, setDraft] = useState<NotificationSettings>({ alertLowered: saved.alertLowered, digest: saved.digest });
  const save = useSaveNotificationSettings();
  const changed = draft.alertLowered !== saved.alertLowered || draft.digest !== saved.digest;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        component="form"
        spacing={2}
        aria-labelledby="notifications-heading"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft);
        }}
      >
        <Typography id="notifications-heading" variant="h6" component="h2">
          E-mail notifications
        </Typography>
        <Typography variant="body2" color="textSecondary" data-testid="mail-address">
          {saved.email
            ? `E-mail goes to ${saved.email}, the address your sign-in gave.`
            : 'Your sign-in gave no e-mail address: what you choose is kept in the outbox below until it does.'}
        </Typography>
        <FormControlLabel
          control={<Switch checked={draft.alertLowered} onChange={(event) => setDraft({ ...draft, alertLowered: event.target.checked })} />}
          label="E-mail me when an alert I raised is lowered (with the comment that lowered it)"
        />
        <FormControl>
          <FormLabel id="digest-label">A digest of what changed for my students and the students I watch</FormLabel>
          <RadioGroup
            aria-labelledby="digest-label"
            value={draft.digest}
            onChange={(event) => setDraft({ ...draft, digest: event.target.value as NotificationSettings['digest'] })}
          >
            {DIGESTS.map((d) => (
              <FormControlLabel key={d.value} value={d.value} control={<Radio />} label={d.label} />
            ))}
          </RadioGroup>
          <Typography variant="body2" color="textSecondary">
            It also lists open alerts with no comment after {saved.responseDays} {saved.responseDays === 1 ? 'day' : 'days'}.
          </Typography>
        </FormControl>
        {save.isError && <ProblemMessage error={save.error} />}
        {save.isSuccess && !changed && (
          <Alert severity="success" role="status">
            Saved.
          </Alert>
        )}
        <div>
          <Button type="submit" variant="contained" disabled={!changed || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

/** `/settings`: the signed-in person's e-mail notifications (#32 item 7) and the e-mails made for them. */
export function SettingsPage() {
  const settings = useQuery(notificationQueries.settings());
  return (
    // The heading and its intro span the page as the server's first frame paints them; the form below keeps to a readable width.
    <Stack spacing={2} sx={{ '& > :nth-child(n + 3)': { maxWidth: 880 } }}>
      <PageHeading route={PAGES.settings} />
      {settings.isPending ? (
        <Skeleton variant="rounded" height={280} aria-label="Loading your settings" />
      ) : settings.isError ? (
        <ProblemMessage error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <NotificationForm saved={settings.data} />
          <Outbox mailServer={settings.data.mailServer} />
        </>
      )}
    </Stack>
  );
}
