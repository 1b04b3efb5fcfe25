import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LowPriorityOutlined from '@mui/icons-material/LowPriorityOutlined';
import type { GridRowId, GridRowSelectionModel } from '@mui/x-data-grid';
import type { TriageAlert } from '../../../queries/alert-queue.ts';
import type { TriageGridRows } from './triage-grid.tsx';
import { CELL_STYLES, ClampedText, days, PersonCell, StatusCell } from './triage-cells.tsx';
import { ClaimMark } from './triage-claims.tsx';
import type { StudentGroup, TriageRow } from './triage-rows.ts';
import { ageInDays, formatDateTime } from '../../../lib/dates.ts';
import { isSelected, toggleSelected } from './use-triage-selection.ts';
import { creatorWords, useTriggerMade } from './trigger-attribution.tsx';
import { useProgressiveCount } from '../../../components/use-progressive-count.ts';

/**
 * The queue on a phone: one card per alert (or per student), in the queue's order, with what the
 * grid's row offers — select it, open it, lower it — as targets big enough for a thumb, and nothing
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
/** One line, ellipsis, the whole of it in `title`. */
const ONE_LINE_SX = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
// The card's text starts where the name starts: after the checkbox (42 px) and its gap.
const INDENT_SX = { pl: '46px', pr: 1.5 } as const;
const OPEN_SX = {
  ...THUMB_SX,
  flex: 1,
  minWidth: 0,
  justifyContent: 'flex-start',
  textAlign: 'left',
  borderRadius: 1,
  px: 0.5,
  typography: 'subtitle1',
  fontWeight: 600,
  '&:hover .triage-person': { textDecoration: 'underline' },
  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
} as const;

interface CardFrameProps {
  id: GridRowId;
  name: string;
  identifier: string;
  selected: boolean;
  onToggle: () => void;
  open: boolean;
  /** The card's first line: who, as a button that opens the alert (or the student's alerts). */
  who: React.ReactNode;
  openLabel: string;
  onOpen: () => void;
  /** Beside the name: the status, the Lower button. */
  aside?: React.ReactNode;
  /** Age, dates, counts, who wrote it: one line of secondary words. */
  meta: string;
  categories: string;
  details: string;
}

/**
 * A compact card (issue 31, item 13: three of them on a phone's first screen): the name opens the
 * alert, the checkbox and Lower sit on the same line, then one line of secondary words and two of
 * categories and details.
 */
function CardFrame({ id, name, identifier, selected, onToggle, open, who, openLabel, onOpen, aside, meta, categories, details }: CardFrameProps) {
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="triage-card"
      data-id={String(id)}
      sx={{ listStyle: 'none', borderColor: open ? 'primary.main' : undefined, borderWidth: open ? 2 : 1, pb: 0.75 }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', pr: 0.5 }}>
        <Checkbox checked={selected} onChange={onToggle} slotProps={{ input: { 'aria-label': `Select ${name} (${identifier})` } }} />
        <Typography component="h2" sx={{ flex: 1, minWidth: 0, display: 'flex' }}>
          <ButtonBase onClick={onOpen} aria-label={openLabel} sx={OPEN_SX}>
            {who}
          </ButtonBase>
        </Typography>
        {aside}
      </Stack>
      <Typography variant="body2" color="textSecondary" title={meta} sx={{ ...ONE_LINE_SX, ...INDENT_SX }}>
        {meta}
      </Typography>
      <Typography variant="body2" component="p" sx={INDENT_SX}>
        <ClampedText text={categories ? `${categories} · ${details}` : details} lines={2} />
      </Typography>
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
  const made = useTriggerMade(row.details);
  return (
    <CardFrame
      id={row.id}
      name={row.studentName}
      identifier={`alert ${row.id}`}
      selected={isSelected(props.selection, row.id)}
      onToggle={() => props.onSelectionChange(toggleSelected(props.selection, row.id))}
      open={props.openId === row.id}
      who={<PersonCell name={row.studentName} identifier={row.studentId} />}
      openLabel={`Open the alert for ${label}`}
      onOpen={() => props.onOpen(row.id)}
      aside={
        <>
          <StatusCell status={row.status} claim={<ClaimMark alertId={row.id} />} />
          {row.status === 'Open' && (
            <Tooltip title="Lower this alert">
              <IconButton onClick={() => props.onLower(row.alert)} aria-label={`Lower the alert for ${label}`} sx={{ width: 44, height: 44 }}>
                <LowPriorityOutlined />
              </IconButton>
            </Tooltip>
          )}
        </>
      }
      meta={`${days(ageInDays(row.createdMs, now))} · ${formatDateTime(row.createdMs)} · ${made ? creatorWords(row.creatorName, made) : `by ${row.creatorName}`}`}
      categories={row.categoriesText}
      details={row.details}
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
      who={<PersonCell name={group.studentName} identifier={group.studentId} />}
      openLabel={`Show the alerts of ${group.studentName} ${group.studentId}`}
      onOpen={() => props.onOpen(group.id)}
      meta={`${number.format(group.count)} ${group.count === 1 ? 'alert' : 'alerts'} · oldest ${days(ageInDays(group.oldestMs, now))}`}
      categories={group.categoriesText}
      details={group.latestDetails}
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
  // The first cards (a phone's first screen: three and the top of a fourth) at once, the others a few at a time once the page is idle.
  const mounted = useProgressiveCount(Math.min(count, total), { first: 4, step: 4, resetKey: `${data.view}:${resetKey}` });
  return (
    <Box>
      <Stack component="ul" spacing={1} aria-label={data.view === 'alert' ? 'Alert queue' : 'Alert queue by student'} sx={LIST_SX}>
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
