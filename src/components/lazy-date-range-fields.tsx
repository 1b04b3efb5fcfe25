import { Suspense } from 'react';
import TextField from '@mui/material/TextField';
import { formatDayField, type DayRange } from '../lib/dates.ts';
import { useAfterFirstPaint } from './use-after-paint.ts';
import { lazyFrom, preloadable } from './preloadable.ts';

/**
 * The From/To date pickers, loaded once the page is idle (the pickers are a large module, and
 * parsing them while a page paints its first rows delays those rows): until they are in,
 * read-only fields with the same labels and values stand in.
 */
const loadPickers = preloadable(() => import('./date-range-fields.tsx'));
const DateRangeFields = lazyFrom(loadPickers, (m) => m.DateRangeFields);

function RangeFallback({ range }: { range: DayRange }) {
  return (
    <>
      <TextField size="small" label="From" value={formatDayField(range.from)} slotProps={{ input: { readOnly: true } }} sx={{ width: 170 }} />
      <TextField size="small" label="To" value={formatDayField(range.to)} slotProps={{ input: { readOnly: true } }} sx={{ width: 170 }} />
    </>
  );
}

export function LazyDateRangeFields({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  // The main thread idle once since the fields mounted (2 s at most).
  const idle = useAfterFirstPaint({ idle: 2000 });
  if (!idle) return <RangeFallback range={range} />;
  return (
    <Suspense fallback={<RangeFallback range={range} />}>
      <DateRangeFields range={range} onChange={onChange} />
    </Suspense>
  );
}
