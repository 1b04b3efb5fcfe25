import Alert from '@mui/material/Alert';

/** Why a page is read-only for this person (nothing when they may change it). */
export function ReadOnlyNotice({ permission }: { permission: { allowed: boolean; reason: string | null | undefined } }) {
  if (permission.allowed) return null;
  return (
    <Alert severity="info" data-testid="read-only">
      {permission.reason}
    </Alert>
  );
}
