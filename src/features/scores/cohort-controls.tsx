import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Administration } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { cohortQueries, type Cohort } from '../../queries/cohort.ts';
import { SavedViews } from '../../components/saved-views/saved-views.tsx';
import { plural, positiveInt } from './score-format.ts';

interface CohortControlsProps {
  id: number;
  cohort: Cohort;
  includeFlagged: boolean;
  flaggedRespondents: number;
  compareId: number | undefined;
  onIncludeFlagged: (include: boolean) => void;
  onCompare: (id: number | undefined) => void;
}

/** The validity switch and the comparison's choice (memoised: a pick or a roster filter leaves them be). */
export const CohortControls = memo(function CohortControls({
  id,
  cohort,
  includeFlagged,
  flaggedRespondents,
  compareId,
  onIncludeFlagged,
  onCompare,
}: CohortControlsProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <FormControlLabel
            control={<Switch checked={includeFlagged} onChange={(e) => onIncludeFlagged(e.target.checked)} />}
            label="Include scores with a validity concern"
          />
          <Typography variant="body2" color="textSecondary" data-testid="validity-note">
            {includeFlagged
              ? `Scores with a validity concern are included in these figures (${plural(flaggedRespondents, 'respondent')} flagged): read them with caution.`
              : `Scores with a validity concern are left out of these figures (${plural(flaggedRespondents, 'respondent')} flagged).`}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <CompareSelect id={id} cohort={cohort} value={compareId} onChange={onCompare} />
          <SavedViews page={`cohort/${id}`} />
        </Stack>
      </Stack>
    </Paper>
  );
});

/**
 * Other administrations of the same assessment (the administration does not say: its scores do).
 * Found once the list is first opened, or at once when the URL names a comparison: one request per
 * administration, which on a cold page were a long task of their own for a choice most visits do
 * not make.
 */
function CompareSelect({ id, cohort, value, onChange }: { id: number; cohort: Cohort; value: number | undefined; onChange: (id: number | undefined) => void }) {
  const api = useApi();
  const [opened, setOpened] = useState(false);
  const wanted = opened || value !== undefined;
  const all = useQuery({ ...cohortQueries.allAdministrations(api), enabled: wanted });
  const others = (all.data?.values ?? []).filter((a) => a.id !== id);
  const assessments = useQueries({ queries: others.map((a) => cohortQueries.assessment(api, a.id)) });
  const own = cohort.factors[0]?.assessmentId;
  const candidates = others.filter((_, i) => own !== undefined && String(assessments[i]?.data ?? '') === own);
  const settled = all.isSuccess && assessments.every((q) => !q.isPending);
  // "None to compare with" only when every administration could be asked.
  const failed = all.isError || assessments.some((q) => q.isError);
  return (
    <FormControl size="small" sx={{ minWidth: 260 }}>
      <InputLabel id="compare-label">Compare with</InputLabel>
      <Select
        labelId="compare-label"
        label="Compare with"
        onOpen={() => setOpened(true)}
        value={value !== undefined && candidates.some((a) => a.id === value) ? String(value) : value !== undefined && !settled ? '' : ''}
        onChange={(e) => onChange(positiveInt(e.target.value))}
      >
        <MenuItem value="">No comparison</MenuItem>
        {!settled && (
          <MenuItem disabled value="loading">
            Finding administrations of the same assessment…
          </MenuItem>
        )}
        {failed && (
          <MenuItem disabled value="failed">
            Some administrations could not be loaded: not every one to compare with is listed
          </MenuItem>
        )}
        {settled && !failed && candidates.length === 0 && (
          <MenuItem disabled value="none">
            No other administration of this assessment has scores
          </MenuItem>
        )}
        {candidates.map((a: Administration) => (
          <MenuItem key={a.id} value={String(a.id)}>
            {a.title}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
