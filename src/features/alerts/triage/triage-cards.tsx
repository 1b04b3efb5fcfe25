import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LowPriorityOutlined from '@mui/icons-material/LowPriorityOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import type { GridRowId, GridRowSelectionModel } from '@mui/x-data-grid';
import type { TriageAlert } from '../../../queries/alert-queue.ts';
import type { TriageGridRows } from './triage-grid.tsx';
import { CELL_STYLES, ClampedText, days, PersonCell, StatusCell } from './triage-cells.tsx';
import { ClaimMark } from './triage-claims.tsx';
import type { StudentGroup, TriageRow } from './triage-rows.ts';
import { ageInDays, formatDateTime } from '../../../lib/dates.ts';
import { isSelected, toggleSelected } from './use-triage-selection.ts';
import { useProgressiveCount } from '../../../components/use-progressive-count.ts';

/**
 * The queue on a phone: one card per alert (or per student), in the queue's order, with what the
 * grid's row offers — select it, open it, lower it — as buttons big enough for a thumb, and nothing
 * wider than the screen. Cards come a page at a time ("Show more"), as the grid pages.
 */

export interface TriageCardsProps {
  data: TriageGridRows;
  now: number;
  selection: GridRowSelectionModel;
  onSelectionChange: (model: GridRowSelectionModel) => void;
  /** An alert's id (the drawer opens on it), or a student's identifier (their alerts). */
  onOpen: (id: GridRowId) => void;
  openId: GridRowId | null;
  /** Lower this one alert (the lowering dialog, with its comment). */
  onLower: (alert: TriageAlert) => void;
  /** Changes whenever the filters change: back to the first page of cards. */
  resetKey: string;
}

const PAGE = 25;
const number = new Intl.NumberFormat(undefined);
const THUMB_SX = { minHeight: 44 } as const;
const LIST_SX = { p: 0, m: 0, ...CELL_STYLES } as const;

interface CardFrameProps {
  id: GridRowId;
  name: string;
  identifier: string;
  selected: boolean;
  onToggle: () => void;
  open: boolean;
  /** The card's first line: who (and the status). */
  heading: React.ReactNode;
  /** Age, dates, counts: one line of secondary words. */
  meta: string;
  categories: string;
  details: string;
  detailLines: number;
  actions: React.ReactNode;
}

function CardFrame({ id, name, identifier, selected, onToggle, open, heading, meta, categories, details, detailLines, actions }: CardFrameProps) {
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="triage-card"
      data-id={String(id)}
      sx={{ listStyle: 'none', borderColor: open ? 'primary.main' : undefined, borderWidth: open ? 2 : 1 }}
    >
      <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pb: 0, pl: 0.5 }}>
        <Checkbox checked={selected} onChange={onToggle} slotProps={{ input: { 'aria-label': `Select ${name} (${identifier})` } }} sx={{ mt: -0.75 }} />
        <Stack spacing={0.75} sx={{ minWidth: 0, flex: 1 }}>
          {heading}
          <Typography variant="body2" color="textSecondary">
            {meta}
          </Typography>
          {categories && <Typography variant="body2">{categories}</Typography>}
          <Typography variant="body2" component="p">
            <ClampedText text={details} lines={detailLines} />
          </Typography>
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 1.5 }}>{actions}</CardActions>
    </Card>
  );
}

// Memoised: rows are prepared once per alert (triage-rows.ts), so when the rest of the range arrives
// after its newest page, or a filter keeps a card, the card is not rendered and committed again.
const AlertCard = memo(function AlertCard({
  row,
  now,
  ...props
}: { row: TriageRow; now: number } & Pick<TriageCardsProps, 'selection' | 'onSelectionChange' | 'onOpen' | 'openId' | 'onLower'>) {
  const label = `${row.studentName} ${row.studentId}, ${formatDateTime(row.createdMs)}`;
  return (
    <CardFrame
      id={row.id}
      name={row.studentName}
      identifier={`alert ${row.id}`}
      selected={isSelected(props.selection, row.id)}
      onToggle={() => props.onSelectionChange(toggleSelected(props.selection, row.id))}
      open={props.openId === row.id}
      actions={
        <>
          <Button
            variant="contained"
            size="medium"
            startIcon={<OpenInNewOutlined />}
            onClick={() => props.onOpen(row.id)}
            aria-label={`Open the alert for ${label}`}
            sx={THUMB_SX}
          >
            Open
          </Button>
          {row.status === 'Open' && (
            <Button
              variant="outlined"
              size="medium"
              startIcon={<LowPriorityOutlined />}
              onClick={() => props.onLower(row.alert)}
              aria-label={`Lower the alert for ${label}`}
              sx={THUMB_SX}
            >
              Lower
            </Button>
          )}
        </>
      }
      heading={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography component="h2" variant="subtitle1" sx={{ minWidth: 0, fontWeight: 600 }}>
            <PersonCell name={row.studentName} identifier={row.studentId} />
          </Typography>
          <StatusCell status={row.status} claim={<ClaimMark alertId={row.id} />} />
        </Stack>
      }
      meta={`${days(ageInDays(row.createdMs, now))} · ${formatDateTime(row.createdMs)} · by ${row.creatorName}`}
      categories={row.categoriesText}
      details={row.details}
      detailLines={3}
    />
  );
});

const GroupCard = memo(function GroupCard({
  group,
  now,
  ...props
}: { group: StudentGroup; now: number } & Pick<TriageCardsProps, 'selection' | 'onSelectionChange' | 'onOpen'>) {
  return (
    <CardFrame
      id={group.id}
      name={group.studentName}
      identifier={group.studentId}
      selected={isSelected(props.selection, group.id)}
      onToggle={() => props.onSelectionChange(toggleSelected(props.selection, group.id))}
      open={false}
      actions={
        <Button
          variant="contained"
          size="medium"
          onClick={() => props.onOpen(group.id)}
          aria-label={`Show the alerts of ${group.studentName} ${group.studentId}`}
          sx={THUMB_SX}
        >
          Show alerts
        </Button>
      }
      heading={
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          <PersonCell name={group.studentName} identifier={group.studentId} />
        </Typography>
      }
      meta={`${number.format(group.count)} ${group.count === 1 ? 'alert' : 'alerts'} · oldest ${days(ageInDays(group.oldestMs, now))}`}
      categories={group.categoriesText}
      details={group.latestDetails}
      detailLines={2}
    />
  );
});

export const TriageCards = memo(function TriageCards(props: TriageCardsProps) {
  const { data, now, resetKey, selection, onSelectionChange, onOpen, openId, onLower } = props;
  const actions = { selection, onSelectionChange, onOpen };
  const [shown, setShown] = useState(PAGE);
  const [lastReset, setLastReset] = useState(resetKey);
  if (lastReset !== resetKey) {
    setLastReset(resetKey);
    setShown(PAGE);
  }
  // The alert open in the drawer is among the cards shown (the drawer's arrows may go past them).
  const openIndex = openId === null ? -1 : data.rows.findIndex((row) => row.id === openId);
  const count = Math.max(shown, openIndex + 1);
  const total = data.rows.length;
  // The first cards (a phone's first screen) at once, the others a few at a time once the page is idle.
  const mounted = useProgressiveCount(Math.min(count, total), { first: 2, step: 4, resetKey: `${data.view}:${resetKey}` });
  return (
    <Box>
      <Stack component="ul" spacing={1.5} aria-label={data.view === 'alert' ? 'Alert queue' : 'Alert queue by student'} sx={LIST_SX}>
        {data.view === 'alert'
          ? data.rows.slice(0, mounted).map((row) => <AlertCard key={row.id} row={row} now={now} {...actions} openId={openId} onLower={onLower} />)
          : data.rows.slice(0, mounted).map((group) => <GroupCard key={group.id} group={group} now={now} {...actions} />)}
      </Stack>
      {count < total && (
        <Button fullWidth variant="outlined" onClick={() => setShown(count + PAGE)} sx={{ ...THUMB_SX, mt: 2 }}>
          Show {number.format(Math.min(PAGE, total - count))} more ({number.format(total - count)} not shown)
        </Button>
      )}
    </Box>
  );
});
