import { memo, Suspense, useDeferredValue, useEffect, useId, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import type { AlertStatus } from '../../../api/schemas/index.ts';
import { STATUS_FILTERS, type StatusFilter } from './triage-filters.ts';
import type { CategoryCount } from './triage-rows.ts';
import { useProgressiveCount } from '../../../components/use-progressive-count.ts';
import { lazyFrom, preloadable } from '../../../components/preloadable.ts';

/**
 * Counts at a glance for the current filters, and the quickest way to change them, in one compact
 * row: status chips (one chosen at a time), then a chip per category (any number), each with its
 * count. The categories keep one order, by name, whatever is filtered (a chip never moves from under
 * the pointer); on a narrow screen their row scrolls sideways, so every one is reachable. The bar
 * chart of the same counts opens on demand. Every chip is a toggle button (`aria-pressed`) whose
 * chosen state shows as a tick and a filled chip, not by colour alone.
 */

const loadChart = preloadable(() => import('./triage-chart.tsx'));
const TriageChart = lazyFrom(loadChart, (m) => m.TriageChart);

/** Starts loading the chart's code (when it is likely to be opened). */
export function preloadTriageChart(): void {
  void loadChart();
}

const number = new Intl.NumberFormat(undefined);
// "All statuses" reads "All" on a phone (the word "statuses" is still read out), so that the three fit one line.
const STATUS_WORDS: Record<StatusFilter, React.ReactNode> = {
  Open: 'Open',
  Lowered: 'Lowered',
  all: (
    <>
      All<span className="triage-phone-hidden"> statuses</span>
    </>
  ),
};

export interface TriageCountsProps {
  status: StatusFilter;
  statusCounts: Record<AlertStatus | 'all', number>;
  /** Every category of the load, in the order the chips keep (categoriesOf). */
  categoryNames: readonly { id: number; name: string }[];
  categories: readonly number[];
  /** What each category would show with the other filters (tallyRows); a category missing here counts 0. */
  categoryCounts: readonly CategoryCount[];
  onStatusChange: (status: StatusFilter) => void;
  onCategoryToggle: (id: number) => void;
  chartOpen: boolean;
  onChartOpenChange: (open: boolean) => void;
}

interface ToggleChipProps<T> {
  label: React.ReactNode;
  count: number;
  pressed: boolean;
  value: T;
  onToggle: (value: T) => void;
  testId: string;
}

// Memoised with plain props: a filter change re-renders only the chips whose count or state changed.
const ToggleChip = memo(function ToggleChip<T>({ label, count, pressed, value, onToggle, testId }: ToggleChipProps<T>) {
  return (
    <Chip
      component="button"
      type="button"
      aria-pressed={pressed}
      data-testid={testId}
      onClick={() => onToggle(value)}
      icon={pressed ? <CheckOutlined fontSize="small" /> : undefined}
      variant={pressed ? 'filled' : 'outlined'}
      color={pressed ? 'primary' : 'default'}
      label={
        <>
          {label} <span className={COUNT_CLASS}>{number.format(count)}</span>
        </>
      }
    />
  );
}) as <T>(props: ToggleChipProps<T>) => React.JSX.Element;

// The chips' own rules are on their row (ROW_SX), not an `sx` per chip: a status click renders every category's chip again.
const COUNT_CLASS = 'triage-chip-count';
/** Read out, not shown: the chips' rule for a screen reader (the tick and the count say the rest). */
const HIDDEN_SX = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;
/** The groups' words: shown on a desk; on a phone read out only (the chips say what they are, and the room is the queue's). */
const PHONE_SCROLL_SX = { scrollbarWidth: 'thin', scrollPaddingInline: 8 } as const;
const PHONE_QUERY = '(max-width: 599.95px)';
const LABEL_SX = {
  flexShrink: 0,
  color: 'text.secondary',
  [`@media ${PHONE_QUERY}`]: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
} as const;
const ROW_SX = {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  minWidth: 0,
  overflowX: 'auto',
  py: 0.5,
  scrollbarWidth: 'thin',
  // A chip reached with Tab scrolls in whole, not under the row's edge.
  scrollPaddingInline: 8,
  // 32 px high: a target a thumb finds. Never shrunk by the scrolling row.
  '& > .MuiChip-root': { flexShrink: 0 },
  [`& .${COUNT_CLASS}`]: { fontWeight: 600 },
  [`@media ${PHONE_QUERY}`]: {
    py: 0.25,
    '& .triage-phone-hidden': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
  },
  // A chip the row's edge cuts shows its outline only, never half a word ("Career Gu"): there is
  // more to scroll to, and a whole chip to read once it is in view.
  '& > .MuiChip-root[data-peek] .MuiChip-label, & > .MuiChip-root[data-peek] .MuiChip-icon': { color: 'transparent' },
} as const;

/**
 * Marks (`data-peek`) the chips of a scrolling row that are not wholly in its view, as the row
 * scrolls and resizes. `shown`: how many chips are mounted (they arrive a few at a time).
 */
function usePeekingChips(row: React.RefObject<HTMLElement | null>, shown: number) {
  useEffect(() => {
    const chips = row.current;
    if (!chips || typeof IntersectionObserver === 'undefined') return;
    // The row scrolls itself on a desk; on a phone (ROW_SX's breakpoint) its parent (statuses and
    // categories together) does. Asked of the media query, not of the row's computed style: that
    // forced a layout of the page in the middle of the first render's effects.
    const phone = typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches;
    const root = phone ? chips.parentElement : chips;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) entry.target.toggleAttribute('data-peek', entry.intersectionRatio < 0.99);
      },
      { root, threshold: [0, 0.99, 1] },
    );
    chips.querySelectorAll(':scope > .MuiChip-root').forEach((chip) => observer.observe(chip));
    return () => observer.disconnect();
  }, [row, shown]);
}

export const TriageCounts = memo(function TriageCounts(props: TriageCountsProps) {
  const { status, statusCounts, categoryNames, categories, categoryCounts, onStatusChange, onCategoryToggle, chartOpen, onChartOpenChange } = props;
  const ids = { status: useId(), categories: useId(), hint: useId(), chart: useId() };
  const chosen = new Set(categories);
  const counts = useMemo(() => new Map(categoryCounts.map((c) => [c.id, c.count])), [categoryCounts]);
  const rows = useMemo(() => categoryNames.map((c) => ({ ...c, count: counts.get(c.id) ?? 0 })), [categoryNames, counts]);
  // The chart follows when React has a moment: the chips and the queue answer the click first.
  // The row's first chips (what a phone shows of it) at once, the rest a few at a time once the page is idle.
  const chipsShown = useProgressiveCount(rows.length, { first: 4, step: 8 });
  const categoryRow = useRef<HTMLDivElement>(null);
  usePeekingChips(categoryRow, chipsShown);
  const chartCounts = useDeferredValue(rows);
  const chartSelected = useDeferredValue(categories);
  return (
    <Paper variant="outlined" component="section" aria-label="Counts" sx={{ px: { xs: 1, sm: 1.5 }, py: 0.5 }}>
      {/* On a phone, statuses and categories are one row that scrolls sideways: one line of the first screen. */}
      <Box
        sx={{
          display: 'flex',
          flexWrap: { xs: 'nowrap', sm: 'wrap', md: 'nowrap' },
          overflowX: { xs: 'auto', sm: 'visible' },
          alignItems: 'center',
          columnGap: 2,
          ...PHONE_SCROLL_SX,
        }}
      >
        <Box
          role="group"
          aria-labelledby={ids.status}
          sx={{ ...ROW_SX, overflowX: 'visible', flexWrap: { xs: 'nowrap', sm: 'wrap', md: 'nowrap' }, flexShrink: { xs: 0, sm: 1, md: 0 } }}
        >
          <Typography id={ids.status} variant="subtitle2" component="span" sx={LABEL_SX}>
            Status
          </Typography>
          {STATUS_FILTERS.map((s) => (
            <ToggleChip
              key={s}
              testId={`status-chip-${s}`}
              label={STATUS_WORDS[s]}
              count={statusCounts[s]}
              pressed={status === s}
              value={s}
              onToggle={onStatusChange}
            />
          ))}
        </Box>
        <Box
          role="group"
          aria-labelledby={ids.categories}
          aria-describedby={ids.hint}
          sx={{ ...ROW_SX, flex: { xs: '0 0 auto', sm: '1 1 0' }, overflowX: { xs: 'visible', sm: 'auto' }, width: { xs: 'auto', sm: '100%', md: 'auto' } }}
          data-testid="category-chips"
          ref={categoryRow}
        >
          <Typography id={ids.categories} variant="subtitle2" component="span" sx={LABEL_SX}>
            Categories
          </Typography>
          <Box component="span" id={ids.hint} sx={HIDDEN_SX}>
            An alert shows when it has any chosen category.
          </Box>
          {rows.length === 0 ? (
            <Typography variant="body2" color="textSecondary" component="span">
              None on these alerts.
            </Typography>
          ) : (
            rows
              .slice(0, chipsShown)
              .map((c) => (
                <ToggleChip
                  key={c.id}
                  testId={`category-chip-${c.id}`}
                  label={c.name}
                  count={c.count}
                  pressed={chosen.has(c.id)}
                  value={c.id}
                  onToggle={onCategoryToggle}
                />
              ))
          )}
        </Box>
        <Button
          size="small"
          startIcon={<BarChartOutlined />}
          aria-expanded={chartOpen}
          aria-controls={ids.chart}
          onMouseEnter={preloadTriageChart}
          onFocus={preloadTriageChart}
          onClick={() => onChartOpenChange(!chartOpen)}
          // Not on a phone: the chips say everything the chart shows, and the first screen is the queue's.
          sx={{ flexShrink: 0, my: 0.5, display: { xs: 'none', sm: 'inline-flex' } }}
        >
          {chartOpen ? 'Hide chart' : 'Show chart'}
        </Button>
      </Box>
      <Collapse in={chartOpen} id={ids.chart} unmountOnExit>
        {/* The chart loads when first opened: the chips already say everything it shows. */}
        <Suspense fallback={null}>
          <TriageChart counts={chartCounts} selected={chartSelected} onToggle={onCategoryToggle} />
        </Suspense>
      </Collapse>
    </Paper>
  );
});
