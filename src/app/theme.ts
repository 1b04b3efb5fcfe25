import { createTheme } from '@mui/material/styles';
import { BORDER_RADIUS, BREAKPOINTS, FONT_FAMILY, SCHEMES, SPACING, TOOLBAR_HEIGHT, TYPE, type SchemeColours } from './layout-values.ts';

/**
 * Colour and type tokens in one place, light and dark, from the frame's values (src/app/layout-values.ts),
 * which the server's first frame is painted from too.
 */
const palette = (scheme: SchemeColours) => ({
  primary: { main: scheme.primary },
  secondary: { main: scheme.secondary },
  warning: { main: scheme.warning },
  background: { default: scheme.background, paper: scheme.paper },
  text: { primary: scheme.text, secondary: scheme.textSecondary },
  divider: scheme.divider,
  action: { selected: scheme.selected },
});

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: { palette: palette(SCHEMES.light) },
    dark: { palette: palette(SCHEMES.dark) },
  },
  breakpoints: { values: { xs: 0, sm: BREAKPOINTS.sm, md: BREAKPOINTS.md, lg: BREAKPOINTS.lg, xl: 1536 } },
  spacing: SPACING,
  shape: { borderRadius: BORDER_RADIUS },
  mixins: {
    toolbar: {
      minHeight: TOOLBAR_HEIGHT.xs,
      '@media (min-width:0px)': { '@media (orientation: landscape)': { minHeight: TOOLBAR_HEIGHT.landscapePhone } },
      [`@media (min-width:${BREAKPOINTS.sm}px)`]: { minHeight: TOOLBAR_HEIGHT.sm },
    },
  },
  typography: { fontFamily: FONT_FAMILY, h4: TYPE.h4, h5: TYPE.h5, h6: TYPE.h6, body1: TYPE.body1, body2: TYPE.body2 },
});
