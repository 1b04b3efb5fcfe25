import { memo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { schemeAlpha } from '../../components/scheme-color.ts';
import { BANDS, binRange, formatScore, formatShare, type Band, type FactorSummary, type Pick } from '../../lib/percentiles.ts';
import { formatCount } from './score-format.ts';

const HEIGHT = 96;
/** Bins per band: 1–25 is five bins of five, 26–75 ten, 76–99 five. */
const BAND_BINS: Record<Band, readonly [number, number]> = { bottom: [0, 4], middle: [5, 14], top: [15, 19] };
const TICKS = [1, 25, 50, 75, 99];
/** Read by screen readers, not shown. In pixels: to MUI's `sx` a bare 1 is 100 %, which pushed the page sideways. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  p: 0,
  m: '-1px',
} as const;

/**
 * The three band buttons, drawn as MUI's small outlined buttons (contained when picked) by one rule
 * for all of them: as MUI Buttons, 21 of them per cohort (each a ripple, focus tracking and
 * styles of its own) were a fifth of the figures' first render on a slow phone.
 */
const bandButtons = (theme: Theme) => {
  const palette = (theme.vars ?? theme).palette;
  return {
    display: 'flex',
    gap: 0.5,
    mt: 0.5,
    '& > button': {
      ...theme.typography.button,
      // A small button's size (MUI's 13 px).
      fontSize: theme.typography.pxToRem(13),
      textTransform: 'none',
      lineHeight: 1.2,
      minWidth: 0,
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      padding: '3px 4px',
      borderRadius: `${theme.shape.borderRadius}px`,
      border: `1px solid ${schemeAlpha(theme, 'primary', 0.5)}`,
      background: 'transparent',
      color: palette.primary.main,
      cursor: 'pointer',
      transition: theme.transitions.create(['background-color', 'border-color', 'color'], { duration: theme.transitions.duration.short }),
      '&:hover': { bgcolor: schemeAlpha(theme, 'primary', 0.04), borderColor: palette.primary.main },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
      '&[data-selected]': {
        bgcolor: palette.primary.main,
        borderColor: palette.primary.main,
        color: palette.primary.contrastText,
        boxShadow: theme.shadows[2],
      },
      '&[data-selected]:hover': { bgcolor: palette.primary.dark },
      '&:disabled': {
        cursor: 'default',
        color: palette.action.disabled,
        borderColor: palette.action.disabledBackground,
        bgcolor: 'transparent',
        boxShadow: 'none',
      },
    },
  } as const;
};

const samePick = (a: Pick | undefined, b: Pick) => a !== undefined && ('band' in a ? 'band' in b && a.band === b.band : 'bin' in b && a.bin === b.bin);

export interface FactorHistogramProps {
  factor: string;
  summary: FactorSummary;
  /** The band or bar picked on this factor (highlighted). */
  picked?: Pick | undefined;
  /** Without it the histogram is for reading only (a comparison's other side). Stable, so that a pick re-renders only the factors it changes. */
  onPick?: ((factor: string, pick: Pick) => void) | undefined;
  /** Says whose distribution this is when two stand side by side. */
  caption?: string | undefined;
}

/**
 * One factor's distribution on a fixed 1–99 axis: twenty bars of five percentiles over the
 * bottom-25 / middle-50 / top-25 bands, and N, the median and the share with a validity concern.
 * Bars and bands are buttons that pick those respondents; the bars stay out of the tab order (the
 * three band buttons below them are the keyboard's way in), each named with its range and count.
 */
export const FactorHistogram = memo(function FactorHistogram({ factor, summary, picked, onPick, caption }: FactorHistogramProps) {
  const max = Math.max(1, ...summary.bins);
  return (
    <Box data-testid="factor-histogram" data-factor={factor}>
      {caption && (
        <Typography variant="caption" component="p" color="textSecondary" sx={{ mb: 0.5 }}>
          {caption}
        </Typography>
      )}
      <Box
        role="group"
        aria-label={`${factor}: respondents by national percentile, 1 to 99`}
        sx={(theme) => ({
          position: 'relative',
          height: HEIGHT,
          display: 'flex',
          alignItems: 'flex-end',
          gap: '2px',
          borderBottom: `1px solid ${theme.palette.divider}`,
          // The bands: bottom 25 and top 25 shaded, the middle 50 plain.
          background: `linear-gradient(to right, ${schemeAlpha(theme, 'text', 0.1)} 0 25%, transparent 25% 75%, ${schemeAlpha(theme, 'text', 0.1)} 75% 100%)`,
          // The bars are plain buttons styled here once: one rule for every bar of every factor
          // (a styled component per bar, each height its own class, added ~140 rules to the
          // document on a cohort's first paint and new ones on every pick).
          '& > button': {
            flex: 1,
            p: 0,
            border: 0,
            borderRadius: '2px 2px 0 0',
            bgcolor: theme.palette.primary.main,
            cursor: onPick ? 'pointer' : 'default',
          },
          '& > button[data-selected]': { bgcolor: theme.palette.secondary.main },
          '& > button[data-count="0"]': { minHeight: 0 },
          '& > button:not([data-count="0"])': { minHeight: '2px' },
          ...(onPick ? { '& > button:hover': { opacity: 0.8 } } : {}),
        })}
      >
        {summary.bins.map((count, bin) => {
          const { from, to } = binRange(bin);
          const pick: Pick = { bin };
          const selected = samePick(picked, pick) || (picked && 'band' in picked && bin >= BAND_BINS[picked.band][0] && bin <= BAND_BINS[picked.band][1]);
          return (
            <button
              key={bin}
              type="button"
              tabIndex={-1}
              disabled={!onPick}
              data-testid="histogram-bar"
              data-count={count}
              data-selected={selected ? '' : undefined}
              aria-label={`${factor} ${from}–${to}: ${count} ${count === 1 ? 'respondent' : 'respondents'}`}
              aria-pressed={onPick ? samePick(picked, pick) : undefined}
              onClick={onPick ? () => onPick(factor, pick) : undefined}
              title={`${from}–${to}: ${count}`}
              style={{ height: `${(count / max) * 100}%` }}
            />
          );
        })}
      </Box>
      <Box
        aria-hidden
        sx={(theme) => ({
          position: 'relative',
          height: 18,
          // The scheme's variable: `theme.palette` holds the light scheme's colours.
          '& > span': { ...theme.typography.caption, color: (theme.vars ?? theme).palette.text.secondary, position: 'absolute' },
        })}
      >
        {TICKS.map((tick) => (
          <span
            key={tick}
            style={{
              left: `${tick === 1 ? 0 : tick === 99 ? 100 : tick}%`,
              transform: tick === 1 ? 'none' : tick === 99 ? 'translateX(-100%)' : 'translateX(-50%)',
            }}
          >
            {tick}
          </span>
        ))}
      </Box>
      <Box sx={bandButtons}>
        {BANDS.map(({ band, label }) => {
          const pick: Pick = { band };
          return (
            <button
              key={band}
              type="button"
              disabled={!onPick}
              data-selected={samePick(picked, pick) ? '' : undefined}
              aria-pressed={onPick ? samePick(picked, pick) : undefined}
              data-testid={`band-${band}`}
              onClick={() => onPick?.(factor, pick)}
              style={{ flex: band === 'middle' ? 2 : 1 }}
            >
              <span>{label}</span>
              <b>
                {formatCount(summary.bands[band])}
                <Box component="span" sx={visuallyHidden}>
                  {` ${summary.bands[band] === 1 ? 'respondent' : 'respondents'} in ${factor}`}
                </Box>
              </b>
            </button>
          );
        })}
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="factor-figures">
        N <b data-testid="factor-n">{formatCount(summary.n)}</b> · median{' '}
        <b data-testid="factor-median">{summary.median === undefined ? '—' : formatScore(summary.median)}</b> · validity concern{' '}
        <b data-testid="factor-flagged-share">{formatShare(summary.flaggedShare)}</b>
      </Typography>
      {summary.offScale > 0 && (
        <Typography variant="body2" color="textSecondary" data-testid="factor-off-scale">
          {formatCount(summary.offScale)} {summary.offScale === 1 ? 'score is' : 'scores are'} outside 1–99 and not counted.
        </Typography>
      )}
    </Box>
  );
});
