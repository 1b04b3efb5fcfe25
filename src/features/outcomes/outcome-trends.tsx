import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import type { Outcomes } from '../../api/schemas/index.ts';
import { formatHours } from '../../components/outcome-words.ts';

type Week = Outcomes['weeks'][number];

/**
 * The weekly trend (MUI X Charts) with its table beside it: the chart is one image to assistive
 * technology, the table says the same in text and is what a keyboard reads.
 */
export default function OutcomeTrends({ weeks }: { weeks: readonly Week[] }) {
  const theme = useTheme();
  const palette = (theme.vars ?? theme).palette;
  const labels = weeks.map((w) => w.week.slice(5));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Box>
        <Box role="img" aria-label="Line chart of alerts raised, answered in time and lowered per week (the table beside it gives the same numbers)">
          <LineChart
            height={240}
            margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
            xAxis={[{ scaleType: 'point', data: labels, tickLabelStyle: { fontSize: 11 } }]}
            yAxis={[{ tickMinStep: 1, width: 40 }]}
            series={[
              { data: weeks.map((w) => w.alerts), label: 'Raised', color: palette.primary.main, showMark: false },
              { data: weeks.map((w) => w.answered), label: 'Answered in time', color: palette.success.main, showMark: false },
              { data: weeks.map((w) => w.lowered), label: 'Lowered', color: palette.secondary.main, showMark: false },
            ]}
            skipAnimation
            disableKeyboardNavigation
          />
        </Box>
        <Box role="img" aria-label="Line chart of the median hours to the first comment per week (the table beside it gives the same numbers)">
          <LineChart
            height={200}
            margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
            xAxis={[{ scaleType: 'point', data: labels, tickLabelStyle: { fontSize: 11 } }]}
            yAxis={[{ width: 40 }]}
            series={[
              { data: weeks.map((w) => w.medianHoursToFirstComment), label: 'Median hours to first comment', color: palette.warning.main, connectNulls: true },
            ]}
            skipAnimation
            disableKeyboardNavigation
          />
        </Box>
      </Box>
      {/* The one scroller of the table, reachable by keyboard. */}
      <TableContainer tabIndex={0} role="region" aria-label="Figures per week" sx={{ maxHeight: 460 }}>
        <Table size="small" stickyHeader aria-label="Figures per week">
          <TableHead>
            <TableRow>
              <TableCell>Week of</TableCell>
              <TableCell align="right">Raised</TableCell>
              <TableCell align="right">Answered</TableCell>
              <TableCell align="right">Lowered</TableCell>
              <TableCell align="right">Median to first comment</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {weeks.map((w) => (
              <TableRow key={w.week}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{w.week}</TableCell>
                <TableCell align="right">{w.alerts}</TableCell>
                <TableCell align="right">{w.answered}</TableCell>
                <TableCell align="right">{w.lowered}</TableCell>
                <TableCell align="right">{formatHours(w.medianHoursToFirstComment)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
