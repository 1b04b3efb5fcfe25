import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { NetworkDiff } from '../../lib/network-merge.ts';
import { PersonName } from '../../components/person-name.tsx';

/** "+2, −1, order changed", or null when nothing changed. */
export function diffSummary(diff: NetworkDiff): string | null {
  const parts = [
    diff.added.length > 0 ? `+${diff.added.length}` : null,
    diff.removed.length > 0 ? `−${diff.removed.length}` : null,
    diff.reordered ? 'order changed' : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

function Names({ identifiers }: { identifiers: string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }}>
      {identifiers.map((id) => (
        <Typography component="li" variant="body2" key={id}>
          <PersonName identifier={id} />
        </Typography>
      ))}
    </Box>
  );
}

/** What saving would change, before anything is written: who gains access, who loses it. */
export function PendingChanges({ diff }: { diff: NetworkDiff }) {
  const summary = diffSummary(diff);
  return (
    <Box data-testid="pending-changes" aria-live="polite">
      {summary === null ? (
        <Typography color="text.secondary">No unsaved changes.</Typography>
      ) : (
        <>
          <Typography sx={{ fontWeight: 600 }}>Unsaved changes: {summary}</Typography>
          {diff.added.length > 0 && (
            <>
              <Typography variant="body2" sx={{ mt: 1 }}>
                These people gain access:
              </Typography>
              <Names identifiers={diff.added} />
            </>
          )}
          {diff.removed.length > 0 && (
            <>
              <Typography variant="body2" sx={{ mt: 1 }}>
                These people lose access:
              </Typography>
              <Names identifiers={diff.removed} />
            </>
          )}
          {diff.reordered && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              The order (priority) changed.
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
