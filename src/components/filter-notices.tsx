import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/** What a page did not understand in its address and ignores, one sentence each (nothing when all was understood). */
export function FilterNotices({ notices }: { notices: readonly string[] }) {
  if (notices.length === 0) return null;
  return (
    <Alert severity="info" data-testid="filter-notice">
      Some filters in this address were not understood and are ignored:
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </Box>
    </Alert>
  );
}
