import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A small labelled select of fixed choices, each shown by its label (the home's Show and Sort by). */
export function SelectField<T extends string>({
  label,
  value,
  options,
  labels,
  onChange,
  minWidth,
}: {
  label: string;
  value: T;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  onChange: (value: T) => void;
  minWidth: number;
}) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value as T)} sx={{ minWidth }}>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {labels[option]}
        </MenuItem>
      ))}
    </TextField>
  );
}
