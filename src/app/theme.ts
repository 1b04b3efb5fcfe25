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

/** Field borders at rest: 3.1:1 on the light page, 4.4:1 on the dark one. */
const FIELD_BORDER = { light: 'rgba(0, 0, 0, 0.45)', dark: 'rgba(255, 255, 255, 0.45)' };

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
  components: {
    // WCAG 1.4.11: a field's resting border at 3:1 or more against the page (MUI's is about 1.7:1 light, 2:1 dark).
    MuiOutlinedInput: {
      styleOverrides: {
        notchedOutline: ({ theme: t }) => ({ borderColor: FIELD_BORDER.light, ...t.applyStyles('dark', { borderColor: FIELD_BORDER.dark }) }),
      },
    },
    MuiCssBaseline: {
      styleOverrides: {
        // WCAG 2.4.11: a control reached by the keyboard is never scrolled under the fixed bars (top, and the phone's bottom navigation).
        html: { scrollPaddingTop: 80, scrollPaddingBottom: 72 },
        // WCAG 2.3.3 and people who get motion-sick: no transitions or animations when the system asks for less motion.
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
  },
});
