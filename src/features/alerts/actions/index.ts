// What the alert triage page mounts: the detail drawer and the bulk lowering.
export { AlertDrawer, type AlertDrawerProps } from './alert-drawer.tsx';
export { ALERT_DRAWER_WIDTH } from './drawer-width.ts';
export { BulkLowerDialog, type BulkLowerDialogProps } from './bulk-lower-dialog.tsx';
export type { BulkLowerResult, LowerOutcome } from './bulk-lower.ts';
