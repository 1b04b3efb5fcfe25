import { alpha, type Theme } from '@mui/material/styles';

/**
 * A palette colour at an opacity, right in both colour schemes (#31 item 7). The theme switches
 * schemes through CSS variables (`colorSchemeSelector: 'class'`), and `theme.palette` holds the
 * light scheme's values: `alpha(theme.palette.text.primary, …)` painted a near-black tint on the
 * dark page (the profile's and the cohort's bands all but vanished). Through the variables' colour
 * channels, the browser takes the scheme in force.
 */
export function schemeAlpha(theme: Theme, color: 'primary' | 'text', opacity: number): string {
  if (theme.vars) {
    const channel = color === 'primary' ? theme.vars.palette.primary.mainChannel : theme.vars.palette.text.primaryChannel;
    return `rgba(${channel} / ${opacity})`;
  }
  return alpha(color === 'primary' ? theme.palette.primary.main : theme.palette.text.primary, opacity);
}

/** The secondary text colour of the scheme in force (for a hatch or a border drawn in it). */
export const schemeTextSecondary = (theme: Theme): string => (theme.vars ?? theme).palette.text.secondary;
