import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useColorScheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OutageNotice } from '../components/outage-notice.tsx';
import { useOutageMonitor } from '../queries/outage.ts';
import { Link as RouterLink, NavLink, Outlet, useLocation } from 'react-router';
import { displayName } from '../api/session.ts';
import { sessionQueries, useSignOut } from '../queries/session.ts';
import { toastBus } from '../components/toasts.tsx';
import { BOTTOM_BAR_HEIGHT, BOTTOM_NAV_COUNT, DRAWER_WIDTH, MAIN_PADDING_BOTTOM, MAIN_PADDING_X, PAGE_TOP, SPACING } from './layout-values.ts';
import { NAV_ICONS } from './nav-icons.ts';
import { PAGES, ROUTES } from './route-table.ts';
import { useRemoveStaticShell } from './static-shell.ts';

/** The navigation: the route table's entries that have one, in its order. */
const NAV = ROUTES.flatMap((route) => (route.nav ? [{ to: route.path, label: route.nav.label, Icon: NAV_ICONS[route.nav.icon] }] : []));

const MAIN_ID = 'main-content';

// On a phone the bar at the bottom holds the first BOTTOM_NAV_COUNT pages of the table; "More" opens
// every page from the bottom, within a thumb's reach. The sizes are the frame's (layout-values.ts),
// which the server's first frame is painted from too.

/** The first tab stop: past the navigation to the page. Hidden until focused. */
function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // Focus only: the URL keeps no fragment.
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to content
    </Box>
  );
}

function ColorSchemeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const effective = mode === 'system' ? systemMode : mode;
  const nextMode = effective === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip title={`Switch to ${nextMode} mode`}>
      <IconButton color="inherit" onClick={() => setMode(nextMode)} aria-label={`Switch to ${nextMode} mode`}>
        {effective === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}

function Navigation({ onNavigate, label = 'Main' }: { onNavigate?: () => void; label?: string }) {
  return (
    <Box component="nav" aria-label={label}>
      <Toolbar>
        <Typography variant="h6" component="span" noWrap>
          Student Success
        </Typography>
      </Toolbar>
      <Divider />
      <List>
        {NAV.map((item) => (
          // ListItem keeps the list structure valid around a link (axe: listitem).
          <ListItem key={item.to} disablePadding>
            <ListItemButton component={NavLink} to={item.to} onClick={onNavigate} sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}>
              <ListItemIcon>
                <item.Icon />
              </ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** Below md: the main pages in a bar at the bottom of the screen and "More" for the rest, all where a thumb reaches. */
function BottomBar({ onMore }: { onMore: () => void }) {
  const { pathname } = useLocation();
  const current = NAV.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  const inBar = NAV.slice(0, BOTTOM_NAV_COUNT);
  const value = current ? (inBar.includes(current) ? current.to : 'more') : null;
  return (
    <Paper
      component="nav"
      aria-label="Main"
      elevation={3}
      square
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 'appBar', pb: 'env(safe-area-inset-bottom)' }}
    >
      <BottomNavigation showLabels value={value} sx={{ height: BOTTOM_BAR_HEIGHT }}>
        {inBar.map((item) => (
          <BottomNavigationAction
            key={item.to}
            value={item.to}
            label={item.label}
            icon={<item.Icon />}
            component={NavLink}
            to={item.to}
            // One line at 390 px ("My students"): the selected label keeps its size instead of growing.
            // One line where it fits; at 320 px "My students" takes two rather than running off the screen.
            sx={{
              minWidth: 0,
              px: 0.5,
              '& .MuiBottomNavigationAction-label': { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.1, fontSize: '0.75rem' },
            }}
          />
        ))}
        <BottomNavigationAction value="more" label="More" icon={<MenuIcon />} aria-haspopup="dialog" onClick={onMore} sx={{ minWidth: 0, px: 0.5 }} />
      </BottomNavigation>
    </Paper>
  );
}

/** The shell: navigation drawer from md up, a bar at the bottom below (every page one tap or two away); the signed-in person and sign-out. */
export function Layout() {
  const session = useQuery(sessionQueries.current());
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const signedIn = session.data;
  // One navigation or the other, not both drawn and one hidden: on a phone the drawer's lists were a
  // third of the first render (a slow phone's longest task), for nothing on screen.
  const desk = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  useRemoveStaticShell();
  const outage = useOutageMonitor(useQueryClient());
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppBar position="fixed" elevation={0} sx={{ width: { md: `calc(100% - ${DRAWER_WIDTH}px)` }, ml: { md: `${DRAWER_WIDTH}px` } }}>
        <Toolbar sx={{ gap: 1 }}>
          {/* One line on a phone: the name gives way (an ellipsis) before the buttons wrap and the bar grows over the page. */}
          <Typography variant="h6" component="span" noWrap sx={{ flexGrow: 1, minWidth: 0, display: { md: 'none' } }}>
            Student Success
          </Typography>
          <Box sx={{ flexGrow: 1, display: { xs: 'none', md: 'block' } }} />
          <ColorSchemeToggle />
          {signedIn && (
            <Typography component="span" data-testid="signed-in-as" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {displayName(signedIn)}
            </Typography>
          )}
          <Tooltip title="Settings">
            <IconButton
              color="inherit"
              component={RouterLink}
              to={PAGES.settings.href({})}
              aria-label="Settings"
              sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
            >
              <SettingsOutlined />
            </IconButton>
          </Tooltip>
          <Button color="inherit" component={RouterLink} to={PAGES.settings.href({})} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            Settings
          </Button>
          <Button
            color="inherit"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            disabled={signOut.isPending || signOut.isSuccess}
            onClick={() =>
              // On success the browser leaves for the provider's logout (or the signed-out page).
              signOut.mutate(undefined, { onError: () => toastBus.show('Could not sign out; try again.', 'error') })
            }
          >
            {signOut.isPending || signOut.isSuccess ? 'Signing out…' : 'Sign out'}
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          variant="temporary"
          anchor="bottom"
          open={open}
          onClose={() => setOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '80vh' } }}
        >
          <Navigation label="All pages" onNavigate={() => setOpen(false)} />
        </Drawer>
        {desk && (
          <Drawer variant="permanent" open sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}>
            <Navigation />
          </Drawer>
        )}
      </Box>
      {!desk && <BottomBar onMore={() => setOpen(true)} />}
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          px: MAIN_PADDING_X,
          pb: { xs: `calc(${BOTTOM_BAR_HEIGHT + MAIN_PADDING_BOTTOM * SPACING}px + env(safe-area-inset-bottom))`, md: MAIN_PADDING_BOTTOM },
          '&:focus': { outline: 'none' },
        }}
      >
        <Toolbar />
        <Box sx={{ pt: PAGE_TOP }}>
          <OutageNotice monitor={outage} state={outage.getState()} />
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
