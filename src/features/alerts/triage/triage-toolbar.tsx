import { memo } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import LowPriorityOutlined from '@mui/icons-material/LowPriorityOutlined';
import { SavedViews } from '../../../components/saved-views/saved-views.tsx';

const number = new Intl.NumberFormat(undefined);

export interface TriageToolbarProps {
  /** "Showing 12 of 480 alerts created from … to …." */
  summary: string;
  refreshing: boolean;
  grouped: boolean;
  onGroupedChange: (grouped: boolean) => void;
  /** Open alerts selected and shown: what "Lower selected" lowers. */
  selectedOpen: number;
  onLowerSelected: () => void;
  canExport: boolean;
  onExport: () => void;
}

/** Above the queue: what it shows, one row per student or per alert, and what to do with the selection or the view. */
export const TriageToolbar = memo(function TriageToolbar({ summary, refreshing, ...actions }: TriageToolbarProps) {
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={ROW_SX}>
      <Typography variant="body2" role="status" data-testid="triage-summary" sx={SUMMARY_SX}>
        {summary}
        {refreshing ? ' Refreshing…' : ''}
      </Typography>
      <ToolbarActions {...actions} />
    </Stack>
  );
});

const ROW_SX = { alignItems: 'center', flexWrap: 'wrap', rowGap: { xs: 1, sm: 1.5 } } as const;
const HIDDEN_ON_PHONE = { display: { xs: 'none', sm: 'inline-flex' } } as const;
const SUMMARY_SX = { flex: '1 1 260px' } as const;

// Its own memo: the summary changes with every filter, the switch and buttons seldom.
const ToolbarActions = memo(function ToolbarActions(props: Omit<TriageToolbarProps, 'summary' | 'refreshing'>) {
  return (
    <>
      <FormControlLabel
        control={<Switch checked={props.grouped} onChange={(event) => props.onGroupedChange(event.target.checked)} />}
        label="One row per student"
        sx={{ mr: 0 }}
      />
      {/* On a phone only once something is selected: until then the row's room is the queue's. */}
      <Button
        variant="outlined"
        startIcon={<LowPriorityOutlined />}
        disabled={props.selectedOpen === 0}
        onClick={props.onLowerSelected}
        sx={props.selectedOpen === 0 ? HIDDEN_ON_PHONE : undefined}
      >
        Lower selected{props.selectedOpen > 0 ? ` (${number.format(props.selectedOpen)})` : ''}
      </Button>
      <Button variant="outlined" startIcon={<FileDownloadOutlined />} disabled={!props.canExport} onClick={props.onExport} sx={{ ml: { xs: 'auto', sm: 0 } }}>
        Export CSV
      </Button>
      <SavedViews page="alerts" />
    </>
  );
});
