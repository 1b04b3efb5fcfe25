import type { Theme } from '@mui/material/styles';

/**
 * For a form helper text in error on a paper surface: the dark scheme's error red is under 4.5:1
 * there (axe: color-contrast), its lighter tone is not; the light scheme keeps the theme's red.
 */
export const errorTextOnPaper = (theme: Theme) => ({
  '&.Mui-error': theme.applyStyles('dark', { color: theme.vars?.palette.error.light ?? theme.palette.error.light }),
});
