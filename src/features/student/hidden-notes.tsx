import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { HiddenByAudience } from '../../api/schemas/index.ts';

/** What the gateway held back, in sentences: how many and why, never what they say. */
export function hiddenNotesSentences(hidden: HiddenByAudience | undefined): string[] {
  if (!hidden) return [];
  const sentences: string[] = [];
  if (hidden.Private > 0)
    sentences.push(hidden.Private === 1 ? '1 note here is private to its author.' : `${hidden.Private} notes here are private to their authors.`);
  if (hidden.FullNetwork > 0)
    sentences.push(
      hidden.FullNetwork === 1
        ? "1 note here is for the student's success network, which you are not in."
        : `${hidden.FullNetwork} notes here are for the student's success network, which you are not in.`,
    );
  return sentences;
}

/** The timeline's line about notes it does not show because of their audiences (#30). */
export function HiddenNotes({ hidden }: { hidden: HiddenByAudience | undefined }) {
  const sentences = hiddenNotesSentences(hidden);
  if (sentences.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} data-testid="timeline-hidden" sx={{ alignItems: 'flex-start', color: 'text.secondary' }}>
      <LockOutlined fontSize="small" aria-hidden sx={{ mt: '2px' }} />
      <Typography variant="body2">{sentences.join(' ')}</Typography>
    </Stack>
  );
}
