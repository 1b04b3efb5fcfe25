import Alert from '@mui/material/Alert';
import type { Permission } from '../queries/permissions.ts';

/** Why a page is read-only for this person (nothing when they may change it). */
export function ReadOnlyNotice({ permission }: { permission: Permission }) {
  // Nothing to say while the session loads: the reason comes with it.
  if (permission.allowed || !permission.reason) return null;
  return (
    <Alert severity="info" data-testid="read-only">
      {permission.reason}
    </Alert>
  );
}
