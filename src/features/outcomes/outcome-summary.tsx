import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AGE_BUCKET_NAMES, type Outcomes } from '../../api/schemas/index.ts';
import { formatBurden, formatHours, percent } from '../../components/outcome-words.ts';

function Figure({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
        {note && (
          <Typography component="span" variant="body2" color="textSecondary">
            {' '}
            {note}
          </Typography>
        )}
      </Typography>
    </Box>
  );
}

/** The window's overall figures, as a definition list. */
export function OutcomeSummary({ data }: { data: Outcomes }) {
  const o = data.overall;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="overall-heading" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="overall-heading" gutterBottom>
        All alerts raised from {data.from} to {data.to}
      </Typography>
      <Box
        component="dl"
        data-testid="outcome-overall"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', md: 'repeat(2, auto minmax(0, 1fr))' }, columnGap: 2, rowGap: 0.5 }}
      >
        <Figure label="Raised" value={o.alerts} />
        <Figure label={`Answered within ${data.responseDays} days`} value={o.answered} note={`(${percent(o.answered, o.alerts)})`} />
        <Figure label="Burden" value={formatBurden(o)} note="alerts per answered one" />
        <Figure label="Lowered" value={o.lowered} note={`(${percent(o.lowered, o.alerts)})`} />
        <Figure label="Closed without contact" value={o.closedWithoutContact} note={`(${percent(o.closedWithoutContact, o.lowered)} of lowered)`} />
        <Figure label="Still open" value={o.open} note={`by age in days: ${AGE_BUCKET_NAMES.map((b) => `${b}: ${o.openAgeBuckets[b]}`).join(', ')}`} />
        <Figure
          label="To first comment"
          value={`${formatHours(o.medianHoursToFirstComment)} median`}
          note={`${formatHours(o.p90HoursToFirstComment)} for 90%`}
        />
        <Figure label="To lowering" value={`${formatHours(o.medianHoursToLowering)} median`} note={`${formatHours(o.p90HoursToLowering)} for 90%`} />
      </Box>
    </Paper>
  );
}
