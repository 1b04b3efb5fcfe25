import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { sessionQueries } from '../queries/session.ts';
import { claimQueries, useClaimMutations } from '../queries/claims.ts';
import { ClaimChip } from './claim-chip.tsx';
import { ProblemMessage } from './problem-message.tsx';

/**
 * "I'm on it" for one open alert (#32 item 6): who holds it and since when; claim it, let one's
 * own claim go, or take someone else's over with a note saying why.
 */
export function ClaimControl({ alert }: { alert: string }) {
  const claims = useQuery(claimQueries.forAlerts([alert]));
  const session = useQuery(sessionQueries.current());
  const { claim, release } = useClaimMutations();
  const [takingOver, setTakingOver] = useState(false);
  const [note, setNote] = useState('');
  const current = claims.data?.get(alert);
  const mine = current !== undefined && current.holder === session.data?.identifier;
  const busy = claim.isPending || release.isPending;

  if (claims.isPending)
    return (
      <Typography variant="body2" color="textSecondary">
        Looking for who is on it…
      </Typography>
    );
  return (
    <Stack spacing={1} data-testid="claim-control">
      {claims.isError && <ProblemMessage error={claims.error} onRetry={() => void claims.refetch()} />}
      {current ? (
        <div>
          <ClaimChip claim={current} />
        </div>
      ) : (
        <Typography variant="body2">Nobody has said they are on it.</Typography>
      )}
      {!current && (
        <div>
          <Button variant="outlined" size="small" disabled={busy} onClick={() => claim.mutate({ alert })}>
            I&apos;m on it
          </Button>
        </div>
      )}
      {mine && (
        <div>
          <Button size="small" disabled={busy} onClick={() => release.mutate(alert)}>
            Let it go
          </Button>
        </div>
      )}
      {current && !mine && !takingOver && (
        <div>
          <Button size="small" disabled={busy} onClick={() => setTakingOver(true)}>
            Take over…
          </Button>
        </div>
      )}
      {current && !mine && takingOver && (
        <Stack
          component="form"
          spacing={1}
          onSubmit={(event) => {
            event.preventDefault();
            claim.mutate({ alert, note: note.trim() }, { onSuccess: () => setTakingOver(false) });
          }}
        >
          <TextField
            size="small"
            label={`Why you are taking it over from ${current.holderName}`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            autoFocus
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" size="small" disabled={busy || note.trim() === ''}>
              Take over
            </Button>
            <Button size="small" onClick={() => setTakingOver(false)}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      )}
      {(claim.isError || release.isError) && <ProblemMessage error={claim.error ?? release.error} />}
    </Stack>
  );
}
