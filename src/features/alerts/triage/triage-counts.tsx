import { lazy, memo, Suspense, useDeferredValue } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import type { AlertStatus } from '../../../api/schemas/index.ts';
import { STATUS_FILTERS, type StatusFilter } from './triage-filters.ts';
import type { CategoryCount } from './triage-rows.ts';

/**
 * Counts at a glance for the current filters, and the quickest way to change them: status chips
 * (one chosen at a time) and category chips (any number), each with its count; a bar chart of
 * the categories beside them. Every chip is a toggle button (`aria-pressed`) whose chosen state
 * shows as a tick and a filled chip, not by colour alone.
 */

const loadChart = () => import('./triage-chart.tsx');
const TriageChart = lazy(async () => ({ default: (await loadChart()).TriageChart }));

/** Starts loading the chart's code (the page calls it while the alerts load). */
export function preloadTriageChart(): void {
  void loadChart();
}

const number = new Intl.NumberFormat(undefined);
const STATUS_WORDS: Record<StatusFilter, string> = { Open: 'Open', Lowered: 'Lowered', all: 'All statuses' };

export interface TriageCountsProps {
  status: StatusFilter;
  statusCounts: Record<AlertStatus | 'all', number>;
  categories: readonly number[];
  categoryCounts: readonly CategoryCount[];
  onStatusChange: (status: StatusFilter) => void;
  onCategoryToggle: (id: number) => void;
}

interface ToggleChipProps<T> {
  label: string;
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
      size="small"
      icon={pressed ? <CheckOutlined fontSize="small" /> : undefined}
      variant={pressed ? 'filled' : 'outlined'}
      color={pressed ? 'primary' : 'default'}
      label={
        <>
          {label}{' '}
          <Box component="span" sx={COUNT_SX}>
            {number.format(count)}
          </Box>
        </>
      }
    />
  );
}) as <T>(props: ToggleChipProps<T>) => React.JSX.Element;

const COUNT_SX = { fontWeight: 600 } as const;

export const TriageCounts = memo(function TriageCounts(props: TriageCountsProps) {
  const { status, statusCounts, categories, categoryCounts, onStatusChange, onCategoryToggle } = props;
  const chosen = new Set(categories);
  // The chart follows when React has a moment: the chips and the queue answer the click first.
  const chartCounts = useDeferredValue(categoryCounts);
  const chartSelected = useDeferredValue(categories);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="triage-counts-heading" sx={{ p: 2 }}>
      <Typography id="triage-counts-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Counts
      </Typography>
      {/* Side by side when there is room for both (the drawer may narrow the page), else stacked. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Stack spacing={1.5} sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <Box role="group" aria-labelledby="triage-status-label">
            <Typography id="triage-status-label" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              Status
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {STATUS_FILTERS.map((s) => (
                <ToggleChip key={s} testId={`status-chip-${s}`} label={STATUS_WORDS[s]} count={statusCounts[s]} pressed={status === s} value={s} onToggle={onStatusChange} />
              ))}
            </Stack>
          </Box>
          <Box role="group" aria-labelledby="triage-category-label">
            <Typography id="triage-category-label" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              Categories{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                (an alert shows when it has any chosen category)
              </Typography>
            </Typography>
            {categoryCounts.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No categories on these alerts.
              </Typography>
            ) : (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {categoryCounts.map((c) => (
                  <ToggleChip key={c.id} testId={`category-chip-${c.id}`} label={c.name} count={c.count} pressed={chosen.has(c.id)} value={c.id} onToggle={onCategoryToggle} />
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
        {/* The chart loads after the chips: they already say everything it shows. */}
        <Suspense fallback={null}>
          <TriageChart counts={chartCounts} selected={chartSelected} onToggle={onCategoryToggle} />
        </Suspense>
      </Box>
    </Paper>
  );
});
