import { memo } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart, barClasses } from '@mui/x-charts/BarChart';
import type { CategoryCount } from './triage-rows.ts';

/**
 * Category counts as a small horizontal bar chart (MUI X Charts), loaded lazily with this module.
 * A click on a bar toggles that category's filter. The chips beside it say the same in text and
 * are the keyboard's way to filter, so the chart is one image to assistive technology (named, its
 * numbers left to the chips) and takes no tab stop of its own.
 */

export interface TriageChartProps {
  counts: readonly CategoryCount[];
  selected: readonly number[];
  onToggle: (id: number) => void;
}

const BAR_HEIGHT = 22;
/** More than this many categories: the rest are in the chips only. */
const MAX_BARS = 12;

export const TriageChart = memo(function TriageChart({ counts, selected, onToggle }: TriageChartProps) {
  const theme = useTheme();
  const bars = counts.filter((c) => c.count > 0).slice(0, MAX_BARS);
  if (bars.length === 0) return null;
  const chosen = new Set(selected);
  return (
    <Box role="img" aria-label="Bar chart of the alerts per category (the category chips give the same counts)" data-testid="category-chart" sx={{ flex: '1 1 320px', minWidth: 0, maxWidth: 560 }}>
      <BarChart
        layout="horizontal"
        height={bars.length * BAR_HEIGHT + 40}
        margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
        yAxis={[{ scaleType: 'band', data: bars.map((b) => b.name), width: 150, tickLabelStyle: { fontSize: 12 } }]}
        xAxis={[{ tickLabelStyle: { fontSize: 11 }, tickMinStep: 1 }]}
        series={[{ data: bars.map((b) => b.count), label: 'Alerts', color: theme.palette.primary.main }]}
        // The chosen categories darker: the chips carry the state in words.
        slotProps={{ bar: ({ dataIndex }) => ({ opacity: chosen.size === 0 || chosen.has(bars[dataIndex]?.id ?? -1) ? 1 : 0.45 }) }}
        hideLegend
        skipAnimation
        disableKeyboardNavigation
        onItemClick={(_, item) => {
          const bar = bars[item.dataIndex];
          if (bar) onToggle(bar.id);
        }}
        // The scheme's primary colour: CSS (the theme's variables) rules over the bars' fill attribute.
        sx={{ [`& .${barClasses.element}`]: { cursor: 'pointer', fill: (theme.vars ?? theme).palette.primary.main } }}
      />
    </Box>
  );
});
