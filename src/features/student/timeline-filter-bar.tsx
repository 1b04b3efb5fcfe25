import { memo, useEffect, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LazyDateRangeFields } from '../../components/lazy-date-range-fields.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import type { DayRange } from '../../lib/dates.ts';
import { hasActiveFilters, KIND_WORDS, shownKinds, TIMELINE_KINDS, type TimelineFilters, type TimelineKind } from './timeline-filters.ts';
import { KIND_LOOK } from './timeline-visuals.tsx';
import TuneOutlined from '@mui/icons-material/TuneOutlined';

interface CategoryOption {
  id: number;
  name: string;
}

export interface TimelineFilterBarProps {
  filters: TimelineFilters;
  /** The range in force (the defaults filled in), shown by the date pickers. */
  range: DayRange;
  /** The categories the loaded items carry. */
  categoryOptions: readonly CategoryOption[];
  onChange: (change: Partial<TimelineFilters>) => void;
  onClear: () => void;
  /** A phone: the search shows, the rest folds behind a "Filters" button (open by itself when a filter is set). */
  compact?: boolean;
}

/** Typing waits this long before it becomes the URL's `q` (and filters the list). */
const TEXT_DEBOUNCE_MS = 250;

function TextFilter({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, TEXT_DEBOUNCE_MS);
  // What this field last wrote: a different `value` came from elsewhere (clear filters, back).
  const written = useRef(value);
  useEffect(() => {
    if (settled === written.current) return;
    written.current = settled;
    onChange(settled);
  }, [settled, onChange]);
  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    setText(value);
  }, [value]);
  // On a phone the field gives way to the Filters button beside it (reflow at 320 px, WCAG 1.4.10).
  return <SearchField label="Search the timeline" value={text} onChange={setText} sx={{ minWidth: { xs: 0, sm: 220 }, flex: '1 1 220px' }} />;
}

/** Kinds, categories, date range and text: every change goes to the URL (the page reads it back). */
export const TimelineFilterBar = memo(function TimelineFilterBar({
  filters,
  range,
  categoryOptions,
  onChange,
  onClear,
  compact = false,
}: TimelineFilterBarProps) {
  // Open from the start when the URL sets one of the folded filters: what filters the list is in sight.
  const [expanded, setExpanded] = useState(() => filters.kinds.length > 0 || filters.categories.length > 0 || filters.from !== null || filters.to !== null);
  const showMore = !compact || expanded;
  const kinds = shownKinds(filters);
  const toggleKind = (kind: TimelineKind, checked: boolean) => {
    const next = checked ? [...kinds, kind] : kinds.filter((k) => k !== kind);
    // Every kind checked is "no kind filter".
    onChange({ kinds: next.length === TIMELINE_KINDS.length ? [] : TIMELINE_KINDS.filter((k) => next.includes(k)) });
  };
  const known = new Map(categoryOptions.map((c) => [c.id, c]));
  // Categories named by the URL but not on any loaded item still show (as their id).
  const selected = filters.categories.map((id) => known.get(id) ?? { id, name: `Category ${id}` });
  const options = [...categoryOptions, ...selected.filter((c) => !known.has(c.id))];

  const kindsField = (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend">Kinds</FormLabel>
      <FormGroup row>
        {TIMELINE_KINDS.map((kind) => {
          const checked = kinds.includes(kind);
          const KindIcon = KIND_LOOK[kind].icon;
          return (
            <FormControlLabel
              key={kind}
              control={
                <Checkbox
                  size="small"
                  checked={checked}
                  // The last kind left stays: an empty timeline by choice helps nobody.
                  disabled={checked && kinds.length === 1}
                  onChange={(event) => toggleKind(kind, event.target.checked)}
                />
              }
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  <KindIcon fontSize="small" color={KIND_LOOK[kind].color} aria-hidden />
                  {KIND_WORDS[kind].many}
                </Box>
              }
            />
          );
        })}
      </FormGroup>
    </FormControl>
  );
  const categoryField = (
    <Autocomplete<CategoryOption, true>
      multiple
      size="small"
      options={options}
      value={selected}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, value) => onChange({ categories: value.map((c) => c.id) })}
      noOptionsText="No categories on the loaded notations"
      renderInput={(params) => <TextField {...params} label="Filter by category" />}
      sx={{ minWidth: 240, flex: '1 1 240px' }}
    />
  );

  return (
    <Stack spacing={2} component="form" role="search" aria-label="Timeline filters" onSubmit={(event) => event.preventDefault()}>
      {!compact && kindsField}

      <Stack direction="row" spacing={compact ? 1 : 2} useFlexGap sx={{ flexWrap: compact ? 'nowrap' : 'wrap', alignItems: 'flex-start' }}>
        <TextFilter value={filters.q} onChange={(q) => onChange({ q })} />
        {compact ? (
          <Button
            variant="outlined"
            aria-expanded={showMore}
            aria-controls="timeline-more-filters"
            onClick={() => setExpanded((open) => !open)}
            startIcon={<TuneOutlined aria-hidden />}
            sx={{ flex: 'none', height: 40 }}
          >
            Filters
          </Button>
        ) : (
          categoryField
        )}
      </Stack>

      {compact && showMore && (
        <Stack id="timeline-more-filters" spacing={2}>
          {kindsField}
          {categoryField}
        </Stack>
      )}

      {showMore && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {/* The pickers are a large module: the page paints first, the pickers follow. */}
          <LazyDateRangeFields range={range} onChange={onChange} />
          {hasActiveFilters(filters) && (
            <Button variant="text" onClick={onClear}>
              Clear filters
            </Button>
          )}
        </Stack>
      )}
      {!showMore && hasActiveFilters(filters) && (
        <Button variant="text" onClick={onClear} sx={{ alignSelf: 'flex-start' }}>
          Clear filters
        </Button>
      )}
    </Stack>
  );
});
