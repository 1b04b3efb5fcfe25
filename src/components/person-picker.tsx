import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '../api/errors.ts';
import type { Person } from '../api/schemas/index.ts';
import { useApi } from '../queries/api-context.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { peopleQueries } from '../queries/people.ts';

interface PersonPickerProps {
  label: string;
  /** Why this identifier cannot be chosen (null when it can). */
  refusal: (identifier: string) => string | null;
  onPick: (identifier: string) => void;
  /** Only people with these roles are offered (a typed identifier is checked by the service). */
  roles?: readonly string[];
  buttonLabel?: string;
}

const describe = (p: Person) => `${p.firstName} ${p.lastName} (${p.role}, ${p.identifier})`;

/**
 * Finds a person by name, identifier or email (the people extension). When the service does not
 * offer that search (404), a typed identifier is taken as it is; the service checks it on save.
 */
export function PersonPicker({ label, refusal, onPick, roles, buttonLabel = 'Add' }: PersonPickerProps) {
  const api = useApi();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const q = useDebouncedValue(input.trim(), 200);
  const search = useQuery({ ...peopleQueries.search(api, q, 10), enabled: q.length > 0 });
  const unavailable = search.isError && isNotFound(search.error);
  const options = (search.data?.values ?? []).filter((p) => !roles || roles.includes(p.role));

  const pick = (identifier: string) => {
    const id = identifier.trim();
    if (!id) return;
    const why = refusal(id);
    if (why) {
      setError(why);
      return;
    }
    setError(null);
    setInput('');
    onPick(id);
  };

  if (unavailable) {
    return (
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          pick(input);
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={`${label} (identifier)`}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          error={error !== null}
          helperText={error ?? 'This service offers no search of people: type an exact identifier, e.g. E0042.'}
          sx={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" variant="outlined">
          {buttonLabel}
        </Button>
      </Box>
    );
  }

  return (
    <Autocomplete<Person, false, false, true>
      freeSolo
      options={options}
      filterOptions={(o) => o}
      loading={search.isFetching}
      value={null}
      inputValue={input}
      onInputChange={(_, value, reason) => {
        if (reason !== 'reset') setInput(value);
        setError(null);
      }}
      onChange={(_, value) => {
        if (value === null) return;
        pick(typeof value === 'string' ? value : value.identifier);
      }}
      getOptionLabel={(p) => (typeof p === 'string' ? p : describe(p))}
      getOptionDisabled={(p) => refusal(p.identifier) !== null}
      renderOption={(props, p) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const why = refusal(p.identifier);
        return (
          <li key={key} {...rest}>
            {describe(p)}
            {why ? ` — ${why}` : ''}
          </li>
        );
      }}
      noOptionsText={
        search.isError
          ? 'The search failed; type an exact identifier and press Enter.'
          : q
            ? 'Nobody matches; an exact identifier can be typed and Enter pressed.'
            : 'Type a name, identifier or email.'
      }
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          placeholder="Name, identifier or email"
          error={error !== null}
          helperText={error ?? 'Choose from the list, or type an identifier and press Enter.'}
        />
      )}
      sx={{ flex: '1 1 20rem' }}
    />
  );
}
