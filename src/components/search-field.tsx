import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

/** A small search box with the search icon: free text that filters a list. */
export function SearchField({ label, value, onChange, sx }: { label: string; value: string; onChange: (text: string) => void; sx?: SxProps<Theme> }) {
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
