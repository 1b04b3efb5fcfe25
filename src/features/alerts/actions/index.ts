// What the alert triage page mounts: the detail drawer and the bulk lowering.
export { AlertDrawer, ALERT_DRAWER_WIDTH, type AlertDrawerProps } from './alert-drawer.tsx';
export { BulkLowerDialog, type BulkLowerDialogProps } from './bulk-lower-dialog.tsx';
export type { BulkLowerResult, LowerOutcome } from './bulk-lower.ts';
