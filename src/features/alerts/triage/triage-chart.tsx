import { memo } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart, barClasses } from '@mui/x-charts/BarChart';

/**
 * Category counts as a horizontal bar chart (MUI X Charts), loaded lazily with this module when
 * the counts' "Show chart" first opens it. Every category of the load has its bar, in the chips'
 * order (by name), with its whole name: the label column is as wide as the longest name. A click
 * on a bar toggles that category's filter. The chips say the same in text and are the keyboard's
 * way to filter, so the chart is one image to assistive technology and takes no tab stop.
 */

export interface TriageChartProps {
  counts: readonly { id: number; name: string; count: number }[];
  selected: readonly number[];
  onToggle: (id: number) => void;
}

const BAR_HEIGHT = 24;
const LABEL_FONT = 12;
/** Room for a label of `length` characters at the label font (a generous average glyph width). */
const labelWidth = (length: number) => Math.min(320, Math.max(80, Math.ceil(length * LABEL_FONT * 0.62) + 16));

export const TriageChart = memo(function TriageChart({ counts, selected, onToggle }: TriageChartProps) {
  const theme = useTheme();
  if (counts.length === 0) return null;
  const chosen = new Set(selected);
  const longest = Math.max(...counts.map((c) => c.name.length));
  return (
    <Box
      role="img"
      aria-label="Bar chart of the alerts per category (the category chips give the same counts)"
      data-testid="category-chart"
      sx={{ maxWidth: 900, py: 1 }}
    >
      <BarChart
        layout="horizontal"
        height={counts.length * BAR_HEIGHT + 48}
        margin={{ top: 4, right: 24, bottom: 4, left: 4 }}
        yAxis={[{ scaleType: 'band', data: counts.map((c) => c.name), width: labelWidth(longest), tickLabelStyle: { fontSize: LABEL_FONT } }]}
        xAxis={[{ tickLabelStyle: { fontSize: 11 }, tickMinStep: 1 }]}
        series={[{ data: counts.map((c) => c.count), label: 'Alerts', color: theme.palette.primary.main }]}
        // The chosen categories darker: the chips carry the state in words.
        slotProps={{ bar: ({ dataIndex }) => ({ opacity: chosen.size === 0 || chosen.has(counts[dataIndex]?.id ?? -1) ? 1 : 0.45 }) }}
        hideLegend
        skipAnimation
        disableKeyboardNavigation
        onItemClick={(_, item) => {
          const bar = counts[item.dataIndex];
          if (bar) onToggle(bar.id);
        }}
        // The scheme's primary colour: CSS (the theme's variables) rules over the bars' fill attribute.
        sx={{ [`& .${barClasses.element}`]: { cursor: 'pointer', fill: (theme.vars ?? theme).palette.primary.main } }}
      />
    </Box>
  );
});
