import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '../../api/errors.ts';
import type { Person } from '../../api/schemas/index.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useApi } from '../../queries/api-context.tsx';
import { peopleQueries } from '../../queries/people.ts';

/** A student picked by name or identifier (the people extension), for a service that has the search. */
export function StudentSearch({ onPick }: { onPick: (person: Person) => void }) {
  const api = useApi();
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), 250);
  const search = useQuery({ ...peopleQueries.studentSearch(api, q), enabled: q.length >= 2 });
  const unavailable = search.isError && isNotFound(search.error);
  return (
    <>
      <Autocomplete<Person>
        options={search.data?.values ?? []}
        loading={search.isFetching}
        filterOptions={(options) => options}
        getOptionLabel={(p) => `${p.firstName} ${p.lastName} (${p.identifier})`}
        inputValue={input}
        value={null}
        onInputChange={(_, value, reason) => reason !== 'reset' && setInput(value)}
        onChange={(_, person) => {
          if (person) {
            onPick(person);
            setInput('');
          }
        }}
        noOptionsText={q.length < 2 ? 'Type at least two letters' : 'No student matches'}
        // A short label that a phone shows whole (the longer one was cut at 390 px); the how in the helper.
        renderInput={(props) => <TextField {...props} label="Add a student" helperText="By name or identifier" size="small" />}
      />
      {unavailable && <Typography variant="body2">This service offers no name search: paste identifiers instead.</Typography>}
    </>
  );
}
