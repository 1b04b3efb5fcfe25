import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CAPACITY_REASON_ID, CAPACITY_SENTENCE, MAX_ACTIVE_CATEGORIES } from '../../queries/category-rules.ts';

/** How many categories are active of the most the service allows, and the way to swap one out. */
export function CapacityCard({ active, canEdit, onSwap }: { active: number; canEdit: boolean; onSwap: () => void }) {
  const atCap = active >= MAX_ACTIVE_CATEGORIES;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="capacity-heading">
      {/* The count and the swap share a line: on a phone the category list still starts on the first screen. */}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" id="capacity-heading" data-testid="capacity">
          {active} of {MAX_ACTIVE_CATEGORIES} active
        </Typography>
        {canEdit && (
          <Button variant={atCap ? 'contained' : 'outlined'} size="small" onClick={onSwap}>
            Swap categories…
          </Button>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, (100 * active) / MAX_ACTIVE_CATEGORIES)}
        color={atCap ? 'warning' : 'primary'}
        aria-label="Active categories"
        aria-valuetext={`${active} of ${MAX_ACTIVE_CATEGORIES} active`}
        sx={{ height: 8, borderRadius: 4, my: 1 }}
      />
      {/* On a phone the rule shows when it bites (at the cap); each blocked Activate is described by it. */}
      <Typography variant="body2" color="textSecondary" id={CAPACITY_REASON_ID} sx={{ display: { xs: atCap ? 'block' : 'none', sm: 'block' } }}>
        {CAPACITY_SENTENCE}
        {atCap ? ' The cap is reached: Activate is off for every inactive category; to activate one, swap one out.' : ''}
      </Typography>
    </Paper>
  );
}
