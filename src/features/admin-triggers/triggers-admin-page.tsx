import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { isNotFound } from '../../api/errors.ts';
import { useApi } from '../../queries/api-context.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { usePermission } from '../../queries/admin-permissions.ts';
import { triggerAdminQueries } from '../../queries/trigger-admin.ts';
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
        if (valid) void navigate(`/admin/triggers/${id.trim()}`);
      }}
    >
      <TextField size="small" label="Trigger id" value={id} onChange={(e) => setId(e.target.value)} error={id !== '' && !valid} helperText={id !== '' && !valid ? 'A whole number.' : ' '} />
      <Button type="submit" variant="outlined" disabled={!valid}>
        Open
      </Button>
    </Stack>
  );
}

/** `/admin/triggers`: every trigger, searchable (issue 12 item 7). */
export function TriggersAdminPage() {
  const api = useApi();
  const permission = usePermission('editTriggers');
  const list = useQuery(triggerAdminQueries.all(api));
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const needle = q.trim().toLocaleLowerCase();
  const triggers = (list.data?.values ?? []).filter(
    (t) => needle === '' || t.name.toLocaleLowerCase().includes(needle) || t.additionalAdvice.toLocaleLowerCase().includes(needle) || String(t.id) === needle,
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1">
          Triggers
        </Typography>
        <Link component={RouterLink} to="/admin/journal?operation=trigger.update">
          Change journal
        </Link>
      </Stack>
      <Typography color="text.secondary">
        Data-insight definitions: applied to students, each creates a data insight, or an alert when it elevates to alert.
      </Typography>
      {!permission.allowed && (
        <Alert severity="info" data-testid="read-only">
          {permission.reason}
        </Alert>
      )}
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
          <TableContainer>
            <Table size="small" aria-labelledby="triggers-heading">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Creates</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Audience</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Student can see</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Created</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {triggers.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5}>
                      <Typography color="text.secondary">No trigger matches “{q}”.</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {triggers.map((trigger) => (
                  <TableRow key={trigger.id} hover data-testid={`trigger-row-${trigger.id}`}>
                    <TableCell>
                      <Link component={RouterLink} to={`/admin/triggers/${trigger.id}`}>
                        {trigger.name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={kindWord(trigger.elevateToAlert)} color={trigger.elevateToAlert ? 'warning' : 'default'} variant="outlined" />
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{AUDIENCE_WORDS[trigger.audienceType]}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{trigger.canStudentView ? 'Yes' : 'No'}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      <RelativeTime dateTime={trigger.createdOn} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Stack>
  );
}
