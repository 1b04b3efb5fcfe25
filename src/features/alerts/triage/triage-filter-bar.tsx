import { memo, useId, useMemo, useState } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { LazyDateRangeFields } from '../../../components/lazy-date-range-fields.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import type { DayRange } from '../../../lib/dates.ts';

/**
 * The triage queue's filters that are typed or picked: text, student, creator and date range.
 * (Status and categories are the chips of the counts; the per-student switch is the toolbar's.) The text filters
 * the queue as it is typed; the page writes it to the URL once typing pauses.
 */

export interface PersonOption {
  identifier: string;
  name: string;
  /** Alerts of the range with this person (before filters). */
  count: number;
}

/** A picker's people: all of them (worked out when the list opens), or one by identifier. */
export interface PeopleSource {
  all(): readonly PersonOption[];
  find(identifier: string): PersonOption | undefined;
}

export interface TriageFilterBarProps {
  text: string;
  onTextChange: (text: string) => void;
  students: PeopleSource;
  student: string | null;
  onStudentChange: (identifier: string | null) => void;
  creators: PeopleSource;
  creator: string | null;
  onCreatorChange: (identifier: string | null) => void;
  range: DayRange;
  onRangeChange: (range: DayRange) => void;
  canClear: boolean;
  onClear: () => void;
}

/** Thousands of students: the list shows the first matches, typing narrows it. */
const filterPeople = createFilterOptions<PersonOption>({ limit: 50, stringify: (option) => `${option.name} ${option.identifier}` });

// Memoised: typing in the search field renders the bar again, and an Autocomplete is no small render.
const PersonFilter = memo(function PersonFilter(props: {
  label: string;
  people: PeopleSource;
  value: string | null;
  onChange: (identifier: string | null) => void;
}) {
  const { label, people, value, onChange } = props;
  // The list of everyone is worked out when it opens; closed, the picker needs only the chosen person.
  const [open, setOpen] = useState(false);
  // A person named by the URL but on no loaded alert still shows (as their identifier).
  const selected = useMemo(() => (value === null ? null : (people.find(value) ?? { identifier: value, name: value, count: 0 })), [people, value]);
  const options = useMemo(() => (open ? people.all() : selected ? [selected] : []), [open, people, selected]);
  return (
    <Autocomplete<PersonOption>
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={selected}
      filterOptions={filterPeople}
      getOptionLabel={(option) => (option.name === option.identifier ? option.identifier : `${option.name} (${option.identifier})`)}
      getOptionKey={(option) => option.identifier}
      isOptionEqualToValue={(a, b) => a.identifier === b.identifier}
      renderOption={({ key, ...optionProps }, option) => (
        <li key={key} {...optionProps}>
          {option.name} ({option.identifier}) · {option.count}
        </li>
      )}
      onChange={(_, option) => onChange(option?.identifier ?? null)}
      noOptionsText="Nobody on the loaded alerts"
      renderInput={(params) => <TextField {...params} label={label} />}
      sx={PERSON_SX}
    />
  );
});

const PERSON_SX = { minWidth: 170, flex: '1 1 180px' } as const;

export const TriageFilterBar = memo(function TriageFilterBar(props: TriageFilterBarProps) {
  // On a phone the search shows and the other filters fold under one button (a short first
  // screen); from `sm` up they are all in one row. Set filters say so on the button.
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const set = (props.student !== null ? 1 : 0) + (props.creator !== null ? 1 : 0);
  // The bar renders again when a load brings other people; the date fields (and their layout work) need not.
  const { range, onRangeChange } = props;
  const dateFields = useMemo(() => <LazyDateRangeFields range={range} onChange={onRangeChange} />, [range, onRangeChange]);
  // Folded away on a phone, they are not rendered until unfolded: two pickers and the date fields
  // were a good part of the page's first render on a slow phone, for a row nobody sees yet.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'), { noSsr: true });
  const shown = wide || open;
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      component="form"
      role="search"
      aria-label="Alert filters"
      onSubmit={(event) => event.preventDefault()}
      sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <SearchField label="Search alerts" value={props.text} onChange={props.onTextChange} sx={{ minWidth: 0, flex: { xs: '1 1 150px', sm: '2 1 200px' } }} />
      <Button
        variant="outlined"
        startIcon={<TuneOutlined />}
        aria-expanded={open}
        aria-controls={moreId}
        onClick={() => setOpen((was) => !was)}
        sx={{ display: { xs: 'inline-flex', sm: 'none' }, minHeight: 40 }}
      >
        Filters{set > 0 ? ` (${set})` : ''}
      </Button>
      <Box id={moreId} sx={{ display: { xs: open ? 'flex' : 'none', sm: 'contents' }, flexWrap: 'wrap', gap: 2, width: { xs: '100%', sm: 'auto' } }}>
        {shown && <PersonFilter label="Student" people={props.students} value={props.student} onChange={props.onStudentChange} />}
        {shown && <PersonFilter label="Created by" people={props.creators} value={props.creator} onChange={props.onCreatorChange} />}
        {shown && dateFields}
        {shown && props.canClear && (
          <Button variant="text" onClick={props.onClear} sx={{ alignSelf: 'center' }}>
            Clear filters
          </Button>
        )}
      </Box>
    </Stack>
  );
});
