import { lazy, Suspense } from 'react';
import TextField from '@mui/material/TextField';
import type { DayRange } from '../lib/days.ts';

/**
 * The From/To date pickers, loaded after the page paints (the pickers are a large module): until
 * they are in, read-only fields with the same labels and values stand in.
 */
const DateRangeFields = lazy(async () => ({ default: (await import('./date-range-fields.tsx')).DateRangeFields }));

function RangeFallback({ range }: { range: DayRange }) {
  return (
    <>
      <TextField size="small" label="From" value={range.from} slotProps={{ input: { readOnly: true } }} sx={{ width: 170 }} />
      <TextField size="small" label="To" value={range.to} slotProps={{ input: { readOnly: true } }} sx={{ width: 170 }} />
    </>
  );
}

export function LazyDateRangeFields({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  return (
    <Suspense fallback={<RangeFallback range={range} />}>
      <DateRangeFields range={range} onChange={onChange} />
    </Suspense>
  );
}
