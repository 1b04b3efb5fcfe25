import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { hrefOfView, type SavedView, type SavedViewPage } from '../../api/saved-views.ts';
import { savedViewQueries, useSavedViewWrites } from '../../queries/saved-views.ts';
import { ProblemMessage, describeError } from '../problem-message.tsx';
import { toastBus } from '../toast-bus.ts';
import { TooltipIconButton } from '../tooltip-icon-button.tsx';
import { pageLabel } from './view-query.ts';
import { ViewNameDialog } from './view-name-dialog.tsx';

/** The link a colleague is given: this dashboard's address of the page with the view's filters. */
const absoluteLink = (view: SavedView) => new URL(hrefOfView(view), window.location.origin).href;

async function copyLink(view: SavedView) {
  const link = absoluteLink(view);
  try {
    await navigator.clipboard.writeText(link);
    toastBus.show(`Link to "${view.name}" copied. A colleague who opens it sees only what they may see.`);
  } catch {
    // No clipboard (an insecure origin, a refused permission): the link is on screen to copy by hand.
    toastBus.show(`The link could not be copied here; copy it by hand: ${link}`, 'warning');
  }
}

/**
 * The person's views of one page, each to open, rename, share (its link copied) or delete. A
 * deletion is asked once more in the row itself; a failed write says why in the dialog.
 */
export function ManageViewsDialog({ page, onClose }: { page: SavedViewPage; onClose: () => void }) {
  const ids = { title: useId(), description: useId() };
  const views = useQuery(savedViewQueries.page(page));
  const writes = useSavedViewWrites(page);
  const [renaming, setRenaming] = useState<SavedView | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const remove = (view: SavedView) =>
    writes.remove.mutate(view.id, {
      onSuccess: () => {
        setDeleting(null);
        toastBus.show(`Deleted view "${view.name}"`);
      },
    });

  return (
    <>
      <Dialog open={!renaming} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={ids.title} aria-describedby={ids.description}>
        <DialogTitle id={ids.title}>Your views of {pageLabel(page)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={ids.description}>
              A view&apos;s link opens the page with its filters. A colleague who opens it sees only the students and entries they may see themselves.
            </DialogContentText>
            {writes.remove.isError ? <Alert severity="error">The view was not deleted: {describeError(writes.remove.error)}</Alert> : null}
            {views.isPending ? (
              <Typography role="status">Loading your views…</Typography>
            ) : views.isError ? (
              <ProblemMessage error={views.error} onRetry={() => void views.refetch()} />
            ) : views.data.values.length === 0 ? (
              <Typography role="status">No saved views of this page.</Typography>
            ) : (
              <Stack component="ul" aria-label="Saved views" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {views.data.values.map((view) => (
                  <Stack
                    component="li"
                    key={view.id}
                    direction="row"
                    spacing={1}
                    data-testid="saved-view-row"
                    sx={{ alignItems: 'center', py: 0.5, borderBottom: 1, borderColor: 'divider' }}
                  >
                    <Stack sx={{ flex: '1 1 auto', minWidth: 0 }}>
                      <Link component={RouterLink} to={hrefOfView(view)} onClick={onClose} sx={{ overflowWrap: 'anywhere' }}>
                        {view.name}
                      </Link>
                      <Typography variant="caption" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                        {hrefOfView(view)}
                      </Typography>
                    </Stack>
                    {deleting === view.id ? (
                      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
                        <Button size="small" color="error" variant="contained" onClick={() => remove(view)} disabled={writes.remove.isPending}>
                          Delete
                        </Button>
                        <Button size="small" onClick={() => setDeleting(null)} disabled={writes.remove.isPending}>
                          Keep
                        </Button>
                      </Stack>
                    ) : (
                      <Stack direction="row" sx={{ flexShrink: 0 }}>
                        <TooltipIconButton tip="Copy link" aria-label={`Copy link to ${view.name}`} onClick={() => void copyLink(view)}>
                          <LinkOutlined />
                        </TooltipIconButton>
                        <TooltipIconButton tip="Rename" aria-label={`Rename ${view.name}`} onClick={() => setRenaming(view)}>
                          <DriveFileRenameOutline />
                        </TooltipIconButton>
                        <TooltipIconButton
                          tip="Delete"
                          aria-label={`Delete ${view.name}`}
                          onClick={() => {
                            writes.remove.reset();
                            setDeleting(view.id);
                          }}
                        >
                          <DeleteOutlined />
                        </TooltipIconButton>
                      </Stack>
                    )}
                  </Stack>
                ))}
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      {renaming ? (
        <ViewNameDialog
          title="Rename view"
          description={`A new name for "${renaming.name}". Its filters and its link stay as they are.`}
          submitLabel="Rename"
          initialName={renaming.name}
          onSubmit={async (name) => {
            await writes.rename.mutateAsync({ id: renaming.id, name });
            setRenaming(null);
            toastBus.show(`Renamed to "${name}"`);
          }}
          onClose={() => setRenaming(null)}
        />
      ) : null}
    </>
  );
}
