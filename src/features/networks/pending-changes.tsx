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

/** People by name, as a bulleted list (`ol` where the order is their priority). */
export function Names({ identifiers, ordered = false }: { identifiers: readonly string[]; ordered?: boolean }) {
  return (
    <Box component={ordered ? 'ol' : 'ul'} sx={{ m: 0, pl: 3 }}>
      {identifiers.map((id) => (
        <Typography component="li" variant="body2" key={id}>
          <PersonName identifier={id} />
        </Typography>
      ))}
    </Box>
  );
}

function Who({ title, identifiers }: { title: string; identifiers: readonly string[] }) {
  if (identifiers.length === 0) return null;
  return (
    <>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Names identifiers={identifiers} />
    </>
  );
}

/** What saving would change, before anything is written: who gains access, who loses it. */
export function PendingChanges({ diff }: { diff: NetworkDiff }) {
  const summary = diffSummary(diff);
  return (
    <Box data-testid="pending-changes" aria-live="polite">
      {summary === null ? (
        <Typography color="textSecondary">No unsaved changes.</Typography>
      ) : (
        <>
          <Typography sx={{ fontWeight: 600 }}>Unsaved changes: {summary}</Typography>
          <Who title="These people gain access:" identifiers={diff.added} />
          <Who title="These people lose access:" identifiers={diff.removed} />
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
