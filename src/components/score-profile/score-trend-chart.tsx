import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatMonth } from '../../lib/dates.ts';
import { formatScore } from '../../lib/percentiles.ts';
import type { Trend } from './trend.ts';

const label = (iso: string, title: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? title : formatMonth(date);
};

/**
 * The shared factors over the student's administrations (MUI X Charts, in a chunk of its own),
 * on the fixed 1–99 axis. The chart is one image to assistive technology; the table under it
 * says the same numbers (flagged ones marked).
 */
export function ScoreTrendChart({ trend }: { trend: Trend }) {
  const labels = trend.points.map((p) => label(p.startDate, p.title));
  // A flagged score (unreliable answers) is not drawn as a point of the line: 80 → 37 would read as
  // a real drop (#31 item 7). The table keeps it, marked.
  const anyFlagged = trend.factors.some((f) => f.flagged.some(Boolean));
  return (
    <Box data-testid="trend-chart">
      <Box
        role="img"
        aria-label={`Line chart of ${trend.factors.map((f) => f.name).join(', ')} over ${trend.points.length} administrations (the table below gives the numbers)`}
      >
        <LineChart
          height={240}
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={[{ min: 1, max: 99, tickInterval: [1, 25, 50, 75, 99], width: 32 }]}
          series={trend.factors.map((f) => ({ data: f.values.map((v, i) => (f.flagged[i] ? null : v)), label: f.name, connectNulls: true }))}
          // Room for half of the last month's label, which a point scale centres on the edge.
          margin={{ top: 8, right: 32, bottom: 4, left: 4 }}
          skipAnimation
          disableKeyboardNavigation
        />
      </Box>
      {anyFlagged && (
        <Typography variant="body2" color="textSecondary" data-testid="trend-flagged-note">
          Flagged scores are left out of the lines: their answers look unreliable. The table below gives them.
        </Typography>
      )}
      <Table size="small" aria-label="Trend of shared factors" sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>Factor</TableCell>
            {trend.points.map((p, i) => (
              <TableCell key={p.administrationId} align="right" title={p.title}>
                {labels[i]}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {trend.factors.map((f) => (
            <TableRow key={f.name} data-testid="trend-row">
              <TableCell component="th" scope="row">
                {f.name}
              </TableCell>
              {f.values.map((v, i) => (
                <TableCell key={trend.points[i]!.administrationId} align="right">
                  {v === null ? '—' : `${formatScore(v)}${f.flagged[i] ? ' (flagged)' : ''}`}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
