import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate } from 'react-router';
import type { StaffMember } from '../../api/session.ts';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { sessionQueries, useSignIn } from '../../queries/session.ts';

/** Demo sign-in of the reference backend: choose a staff member, no password. */
export function SignInPage() {
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<StaffMember | null>(null);
  const q = useDebouncedValue(input, 200);
  const staff = useQuery(sessionQueries.staff(q));
  const signIn = useSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    signIn.mutate(chosen.identifier, { onSuccess: () => navigate(from, { replace: true }) });
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 460 }} variant="outlined">
        <CardContent>
          <Stack component="form" spacing={2} onSubmit={submit} noValidate>
            <Typography variant="h5" component="h1">
              Sign in to the advisor dashboard
            </Typography>
            <Alert severity="info">
              This is a <strong>demo sign-in</strong> for the reference backend: choose a staff member to act as. No password is
              needed, and nothing here reaches a real student record.
            </Alert>
            <Autocomplete
              options={staff.data ?? []}
              loading={staff.isFetching}
              value={chosen}
              onChange={(_, value) => setChosen(value)}
              inputValue={input}
              onInputChange={(_, value) => setInput(value)}
              filterOptions={(options) => options}
              getOptionLabel={(p) => `${p.lastName}, ${p.firstName} (${p.role}, ${p.identifier})`}
              isOptionEqualToValue={(a, b) => a.identifier === b.identifier}
              noOptionsText={staff.isError ? 'Could not load staff' : 'No staff member matches'}
              renderInput={(params) => <TextField {...params} label="Staff member" placeholder="Type a name or identifier" autoFocus />}
            />
            {staff.isError && <ProblemMessage error={staff.error} onRetry={() => void staff.refetch()} />}
            {signIn.isError && <ProblemMessage error={signIn.error} />}
            <Button type="submit" variant="contained" size="large" disabled={!chosen || signIn.isPending}>
              {signIn.isPending ? 'Signing in…' : 'Sign in'}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
