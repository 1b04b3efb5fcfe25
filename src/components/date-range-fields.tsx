import { useEffect, useEffectEvent, useRef, useState } from 'react';
import Stack from '@mui/material/Stack';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { isValid } from 'date-fns/isValid';
import { dayFieldFormat, dayToDate, formatDay, type DayRange } from '../lib/dates.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** A day the range may take, or null (half-typed, absurd, or past the other end). */
function acceptableDay(date: Date | null, minDay: string | undefined, maxDay: string | undefined): string | null {
  if (!date || !isValid(date) || date.getFullYear() < 1900 || date.getFullYear() > 2999) return null;
  const day = formatDay(date);
  return (minDay && day < minDay) || (maxDay && day > maxDay) ? null : day;
}

/** Typing a date passes through other valid dates (01/2…/2025): the range changes once it settles. */
const DATE_DEBOUNCE_MS = 700;

interface DayPickerProps {
  label: string;
  day: string;
  minDay?: string;
  maxDay?: string;
  onChange: (day: string) => void;
}

function DayPicker({ label, day, minDay, maxDay, onChange }: DayPickerProps) {
  const [draft, setDraft] = useState<Date | null>(() => dayToDate(day));
  const committed = useRef(day);
  const commit = (date: Date | null) => {
    const next = acceptableDay(date, minDay, maxDay);
    if (next === null || next === committed.current) return;
    committed.current = next;
    onChange(next);
  };
  const settled = useDebouncedValue(draft, DATE_DEBOUNCE_MS);
  const commitSettled = useEffectEvent(commit);
  useEffect(() => commitSettled(settled), [settled]);
  // A change from elsewhere (clear filters, the other picker, back).
  useEffect(() => {
    if (day === committed.current) return;
    committed.current = day;
    setDraft(dayToDate(day));
  }, [day]);
  return (
    <DatePicker
      label={label}
      value={draft}
      // The browser locale's figures, as every date the app shows (src/lib/dates.ts); the URL keeps ISO days.
      format={dayFieldFormat()}
      {...(minDay ? { minDate: dayToDate(minDay) } : {})}
      {...(maxDay ? { maxDate: dayToDate(maxDay) } : {})}
      onChange={(date) => setDraft(date)}
      // A day picked in the calendar counts at once.
      onAccept={(date) => commit(date)}
      slotProps={{ textField: { size: 'small', sx: { width: 170 } } }}
    />
  );
}

/**
 * A From/To pair of date pickers over a `yyyy-MM-dd` range, shown and typed in the locale's figures. A large module (the pickers): pages
 * load it lazily, after they paint, with read-only fields of the same labels as the fallback.
 */
export function DateRangeFields({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <DayPicker label="From" day={range.from} maxDay={range.to} onChange={(from) => onChange({ from, to: range.to })} />
        <DayPicker label="To" day={range.to} minDay={range.from} onChange={(to) => onChange({ from: range.from, to })} />
      </Stack>
    </LocalizationProvider>
  );
}
