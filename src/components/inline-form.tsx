import type { KeyboardEvent, ReactNode } from 'react';
import Stack from '@mui/material/Stack';

/**
 * A small form laid out in a row (stacked on a phone unless `stackOnPhone` is false); submitting
 * never reloads the page, it calls `onSubmit`.
 */
export function InlineForm({
  spacing,
  onSubmit,
  onKeyDown,
  stackOnPhone = true,
  children,
}: {
  spacing: number;
  onSubmit: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  stackOnPhone?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      direction={stackOnPhone ? { xs: 'column', sm: 'row' } : 'row'}
      spacing={spacing}
      sx={stackOnPhone ? { alignItems: { sm: 'flex-start' } } : {}}
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
