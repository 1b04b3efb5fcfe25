import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';

/** The words every flagged score carries (decisions §8: never a plain fact). */
export const VALIDITY_CONCERN_TEXT = 'validity concern — interpret with caution';

/** A warning icon and the words: the respondent's answers look unreliable. */
export function ValidityConcern() {
  return (
    <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'warning.main' }}>
      <WarningAmberOutlined fontSize="small" aria-hidden />
      <Typography component="span" variant="body2" sx={{ color: 'inherit', fontWeight: 500 }}>
        {VALIDITY_CONCERN_TEXT}
      </Typography>
    </Stack>
  );
}
