import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAGES } from '../../app/route-table.ts';
import { useDeferredQuery } from '../../queries/use-deferred-query.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { isNotFound } from '../../api/errors.ts';
import { useApi } from '../../queries/api-context.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { ReadOnlyNotice } from '../../components/read-only-notice.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { linkColumn, ResponsiveTable, type TableColumn } from '../../components/responsive-table.tsx';
import type { Trigger } from '../../api/schemas/index.ts';
import { SearchField } from '../../components/search-field.tsx';
import { usePermission } from '../../queries/permissions.ts';
import { triggerQueries } from '../../queries/triggers.ts';
import { AUDIENCE_WORDS, kindWord } from './trigger-words.ts';

/** Opens a trigger by id: works when the service cannot list triggers. */
function OpenById() {
  const navigate = useNavigate();
  const [id, setId] = useState('');
  const valid = /^\d+$/.test(id.trim());
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void navigate(PAGES.trigger.href({ id: id.trim() }));
      }}
    >
      <TextField
        size="small"
        label="Trigger id"
        value={id}
        onChange={(e) => setId(e.target.value)}
        error={id !== '' && !valid}
        helperText={id !== '' && !valid ? 'A whole number.' : ' '}
      />
      <Button type="submit" variant="outlined" disabled={!valid}>
        Open
      </Button>
    </Stack>
  );
}

const TRIGGER_COLUMNS: readonly TableColumn<Trigger>[] = [
  linkColumn('Name', (trigger) => ({ to: PAGES.trigger.href({ id: trigger.id }), text: trigger.name })),
  {
    header: 'Creates',
    cell: (trigger) => <Chip size="small" label={kindWord(trigger.elevateToAlert)} color={trigger.elevateToAlert ? 'warning' : 'default'} variant="outlined" />,
  },
  { header: 'Audience', hideBelow: 'md', cell: (trigger) => AUDIENCE_WORDS[trigger.audienceType] },
  { header: 'Student can see', hideBelow: 'md', cell: (trigger) => (trigger.canStudentView ? 'Yes' : 'No') },
  { header: 'Created', hideBelow: 'sm', cell: (trigger) => <RelativeTime dateTime={trigger.createdOn} /> },
];

/** `/admin/triggers`: every trigger, searchable (issue 12 item 7). */
export function TriggersAdminPage() {
  const api = useApi();
  const permission = usePermission('editTriggers');
  const list = useDeferredQuery(triggerQueries.allPages(api));
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const needle = q.trim().toLocaleLowerCase();
  const triggers = (list.data?.values ?? []).filter(
    (t) => needle === '' || t.name.toLocaleLowerCase().includes(needle) || t.additionalAdvice.toLocaleLowerCase().includes(needle) || String(t.id) === needle,
  );
  return (
    <Stack spacing={2}>
      <PageHeading route={PAGES.triggers} journal={PAGES.journal.href({}, { operation: 'trigger.update' })} />
      <ReadOnlyNotice permission={permission} />
      {list.isPending && <LinearProgress aria-label="Loading triggers" />}
      {list.isError && isNotFound(list.error) && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Alert severity="info" sx={{ mb: 2 }}>
            This service does not list its triggers. Open one by its id.
          </Alert>
          <OpenById />
        </Paper>
      )}
      {list.isError && !isNotFound(list.error) && <ProblemMessage error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && (
        <Paper variant="outlined" component="section" aria-labelledby="triggers-heading">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { sm: 'center' } }}>
            <Typography variant="h6" component="h2" id="triggers-heading" sx={{ flexGrow: 1 }}>
              {triggers.length} of {list.data.values.length} triggers
            </Typography>
            <SearchField
              label="Search triggers"
              value={q}
              onChange={(text) => {
                const next = new URLSearchParams(params);
                if (text) next.set('q', text);
                else next.delete('q');
                setParams(next, { replace: true });
              }}
            />
          </Stack>
          <ResponsiveTable
            rows={triggers}
            rowKey={(trigger) => trigger.id}
            labelledBy="triggers-heading"
            rowProps={(trigger) => ({ 'data-testid': `trigger-row-${trigger.id}` })}
            columns={TRIGGER_COLUMNS}
            empty={<Typography color="textSecondary">No trigger matches “{q}”.</Typography>}
          />
        </Paper>
      )}
    </Stack>
  );
}
