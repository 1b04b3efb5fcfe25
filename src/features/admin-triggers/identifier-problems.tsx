import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { describeError } from '../../components/problem-message.tsx';
import type { Resolution } from './resolve-students.ts';

/** The identifiers nothing is sent for, and why: unknown (with the likely one), not students, unchecked, repeated. */
export function IdentifierProblems({
  resolutions,
  duplicates,
  onUseLikely,
}: {
  resolutions: ReadonlyMap<string, Resolution>;
  duplicates: { identifier: string; count: number }[];
  /** Puts the likely identifiers in place of the mistyped ones and checks again. */
  onUseLikely: (replacements: ReadonlyMap<string, string>) => void;
}) {
  const unknown = [...resolutions].filter(([, r]) => r.status === 'unknown' && !r.likely).map(([id]) => id);
  const likely = [...resolutions].flatMap(([id, r]) => (r.status === 'unknown' && r.likely ? [{ typed: id, person: r.likely }] : []));
  const notStudents = [...resolutions].flatMap(([id, r]) =>
    r.status === 'not-student' ? [`${id} (${r.person.firstName} ${r.person.lastName}, ${r.person.role})`] : [],
  );
  const failed = [...resolutions].flatMap(([id, r]) => (r.status === 'error' ? [`${id}: ${describeError(r.error)}`] : []));
  if (unknown.length + likely.length + notStudents.length + failed.length + duplicates.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="identifier-problems">
      <Typography sx={{ fontWeight: 600 }}>Left out — nothing is sent for these:</Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
        {unknown.length > 0 && <li>Unknown (no such person): {unknown.join(', ')}</li>}
        {likely.length > 0 && (
          <li data-testid="likely-identifiers">
            In another case:{' '}
            {likely.map(({ typed, person }) => `${typed} — did you mean ${person.identifier} (${person.firstName} ${person.lastName})?`).join('; ')}{' '}
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              onClick={() => onUseLikely(new Map(likely.map(({ typed, person }) => [typed, person.identifier])))}
            >
              Use {likely.length === 1 ? likely[0]!.person.identifier : `these ${likely.length}`}
            </Button>
          </li>
        )}
        {notStudents.length > 0 && <li>Not students: {notStudents.join('; ')}</li>}
        {failed.length > 0 && <li>Could not be checked: {failed.join('; ')}</li>}
        {duplicates.length > 0 && <li>Given more than once (sent once): {duplicates.map((d) => `${d.identifier} ×${d.count}`).join(', ')}</li>}
      </Box>
    </Alert>
  );
}
