import { createTheme } from '@mui/material/styles';

/**
 * Colour and type tokens in one place, light and dark. MUI's default warning orange is 3.1:1 on
 * white, under WCAG AA: the light scheme uses a darker amber.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#1f5fa8' },
        secondary: { main: '#6b4fa3' },
        warning: { main: '#a15c00' },
        background: { default: '#f6f7f9' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#8ab8f0' },
        secondary: { main: '#c3a9f0' },
        warning: { main: '#f0b45a' },
      },
    },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
