import { lazy, Suspense, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import BookmarksOutlined from '@mui/icons-material/BookmarksOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router';
import { hrefOfView, type SavedViewPage } from '../../api/saved-views.ts';
import { savedViewQueries, useSavedViewWrites } from '../../queries/saved-views.ts';
import { describeError } from '../problem-message.tsx';
import { toastBus } from '../toast-bus.ts';
import { pageLabel, viewQuery } from './view-query.ts';

// The dialogs (and react-hook-form with them) load when first asked for, not with each page that has the button.
const ViewNameDialog = lazy(async () => ({ default: (await import('./view-name-dialog.tsx')).ViewNameDialog }));
const ManageViewsDialog = lazy(async () => ({ default: (await import('./manage-views-dialog.tsx')).ManageViewsDialog }));

/**
 * "Saved views" (#32 item 4) in a page's toolbar: save the page's current filters under a name,
 * open one of the person's views of this page, or manage them (rename, delete, copy a link).
 * A view is the page's query string, so opening one, or a colleague's link to one, applies the
 * filters under the reader's own rights. The list is read when the menu first opens.
 */
export function SavedViews({ page }: { page: SavedViewPage }) {
  const location = useLocation();
  const ids = { button: useId(), menu: useId() };
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const [asked, setAsked] = useState(false);
  const views = useQuery({ ...savedViewQueries.page(page), enabled: asked });
  const writes = useSavedViewWrites(page);
  const query = viewQuery(location.search);
  const current = views.data?.values.find((v) => v.query === query);
  const closeMenu = () => setAnchor(null);
  const open = (which: 'save' | 'manage') => {
    closeMenu();
    setDialog(which);
  };

  return (
    <>
      <Button
        id={ids.button}
        variant="outlined"
        startIcon={<BookmarksOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? ids.menu : undefined}
        onClick={(event) => {
          setAsked(true);
          setAnchor(event.currentTarget);
        }}
        data-testid="saved-views-button"
      >
        Saved views
      </Button>
      <Menu id={ids.menu} anchorEl={anchor} open={Boolean(anchor)} onClose={closeMenu} slotProps={{ list: { 'aria-labelledby': ids.button, dense: true } }}>
        <MenuItem onClick={() => open('save')}>
          <ListItemIcon>
            <BookmarkAddOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Save current view…</ListItemText>
        </MenuItem>
        <Divider />
        {/* Not a list item: a menu's children are its items, separators and this caption. */}
        <ListSubheader component="div" role="presentation" disableSticky sx={{ lineHeight: 2.5 }}>
          Your views of {pageLabel(page)}
        </ListSubheader>
        {views.isPending ? (
          <MenuItem disabled>Loading your views…</MenuItem>
        ) : views.isError ? (
          [
            <MenuItem key="error" disabled sx={{ whiteSpace: 'normal', maxWidth: 320 }}>
              Your views could not be loaded: {describeError(views.error)}
            </MenuItem>,
            <MenuItem key="retry" onClick={() => void views.refetch()}>
              Try again
            </MenuItem>,
          ]
        ) : views.data.values.length === 0 ? (
          <MenuItem disabled>No saved views of this page yet</MenuItem>
        ) : (
          views.data.values.map((view) => (
            <MenuItem
              key={view.id}
              component={RouterLink}
              to={hrefOfView(view)}
              onClick={closeMenu}
              selected={view.id === current?.id}
              data-testid="saved-view-item"
              title={view.name}
              sx={{ maxWidth: 360 }}
            >
              <ListItemText slotProps={{ primary: { noWrap: true } }}>{view.name}</ListItemText>
            </MenuItem>
          ))
        )}
        {views.data && views.data.values.length > 0 ? <Divider /> : null}
        {views.data && views.data.values.length > 0 ? (
          <MenuItem onClick={() => open('manage')}>
            <ListItemIcon>
              <EditNoteOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Rename, delete or share…</ListItemText>
          </MenuItem>
        ) : null}
      </Menu>
      <Suspense fallback={null}>
        {dialog === 'save' ? (
          <ViewNameDialog
            title="Save current view"
            description={
              query
                ? `Keeps the filters of ${pageLabel(page)} as they are now under a name, to open again or to share as a link.`
                : `Keeps ${pageLabel(page)} without filters under a name, to open again or to share as a link.`
            }
            submitLabel="Save view"
            initialName=""
            onSubmit={async (name) => {
              await writes.create.mutateAsync({ name, query });
              setDialog(null);
              toastBus.show(`Saved view "${name}"`);
            }}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog === 'manage' ? <ManageViewsDialog page={page} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </>
  );
}
