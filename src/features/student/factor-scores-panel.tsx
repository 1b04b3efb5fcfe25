import { useState } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ScoreProfile } from '../../components/score-profile/score-profile.tsx';

/**
 * The student's non-cognitive profile beside the timeline: the newest administration with scores
 * first, any older one on request, and the trend of the factors they share.
 */
export function FactorScoresPanel({ student }: { student: string }) {
  const [administrationId, setAdministrationId] = useState<number | undefined>(undefined);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="factor-scores-heading" sx={{ p: 2 }}>
      <Typography id="factor-scores-heading" variant="h6" component="h2" gutterBottom>
        Non-cognitive factor scores
      </Typography>
      <ScoreProfile student={student} administrationId={administrationId} onAdministrationChange={setAdministrationId} />
    </Paper>
  );
}
