import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CohortFactor } from '../../queries/cohort.ts';

/**
 * One factor of a cohort (or of two, compared): its name and description over its distribution.
 * The distribution sits at the card's foot, so that the charts of a row line up whatever the
 * descriptions' lengths.
 */
export function FactorCard({ factor, children }: { factor: Pick<CohortFactor, 'name' | 'description'>; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={factor.name} data-testid="factor-card" sx={{ p: 2, display: 'flex', flexDirection: 'column' }}>
      <Typography variant="h6" component="h2">
        {factor.name}
      </Typography>
      {factor.description && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {factor.description}
        </Typography>
      )}
      <Box sx={{ mt: 'auto' }}>{children}</Box>
    </Paper>
  );
}
