import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { AlertClaim } from '../api/claims.ts';
import { formatDateTime, relativeWords } from '../lib/dates.ts';

/** "On it: Ann Lee, 2 hours ago": who holds an alert's claim and since when, the takeover's note in the tooltip. */
export function ClaimChip({ claim, now }: { claim: AlertClaim; now?: Date }) {
  const since = new Date(claim.since);
  const label = `On it: ${claim.holderName}, ${relativeWords(since, now ?? new Date())}`;
  const detail = `${claim.holderName} has been on it since ${formatDateTime(since)}${claim.note ? `. Note: ${claim.note}` : ''}`;
  return (
    <Tooltip title={detail} describeChild>
      <Chip size="small" variant="outlined" label={label} data-testid="claim-chip" tabIndex={0} sx={{ maxWidth: '100%' }} />
    </Tooltip>
  );
}
