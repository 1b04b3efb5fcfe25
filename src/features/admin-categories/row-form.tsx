import type { KeyboardEvent, ReactNode } from 'react';
import Stack from '@mui/material/Stack';

/** A small form that sits in a row on wider screens and stacks on a phone; submitting never reloads the page. */
export function RowForm({ spacing, onSubmit, onKeyDown, children }: { spacing: number; onSubmit: () => void; onKeyDown?: (event: KeyboardEvent) => void; children: ReactNode }) {
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={spacing}
      sx={{ alignItems: { sm: 'flex-start' } }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      {...(onKeyDown ? { onKeyDown } : {})}
    >
      {children}
    </Stack>
  );
}
