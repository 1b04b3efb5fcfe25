import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
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
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useColorScheme } from '@mui/material/styles';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { sessionQueries, useSignOut } from '../queries/session.ts';
import { toastBus } from '../components/toasts.tsx';

const DRAWER_WIDTH = 232;

const NAV = [
  { to: '/students', label: 'Students', icon: <PeopleAltOutlined /> },
  { to: '/alerts', label: 'Alerts', icon: <NotificationsActiveOutlined /> },
];

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

function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Box component="nav" aria-label="Main">
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
              <ListItemIcon>{item.icon}</ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** The shell: navigation drawer from md up, a menu button below; the signed-in person and sign-out. */
export function Layout() {
  const session = useQuery(sessionQueries.current());
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const person = session.data?.person;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" elevation={0} sx={{ width: { md: `calc(100% - ${DRAWER_WIDTH}px)` }, ml: { md: `${DRAWER_WIDTH}px` } }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton color="inherit" edge="start" aria-label="Open navigation" onClick={() => setOpen(true)} sx={{ display: { md: 'none' } }}>
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="span" sx={{ flexGrow: 1, display: { md: 'none' } }}>
            Student Success
          </Typography>
          <Box sx={{ flexGrow: 1, display: { xs: 'none', md: 'block' } }} />
          <ColorSchemeToggle />
          {person && (
            <Typography component="span" data-testid="signed-in-as" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {person.firstName} {person.lastName}
            </Typography>
          )}
          <Button
            color="inherit"
            disabled={signOut.isPending}
            onClick={() =>
              signOut.mutate(undefined, {
                onSuccess: () => navigate('/sign-in', { replace: true }),
                onError: () => toastBus.show('Could not sign out; try again.', 'error'),
              })
            }
          >
            Sign out
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer variant="temporary" open={open} onClose={() => setOpen(false)} sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}>
          <Navigation onNavigate={() => setOpen(false)} />
        </Drawer>
        <Drawer variant="permanent" open sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}>
          <Navigation />
        </Drawer>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, md: 3 }, pb: 4 }}>
        <Toolbar />
        <Box sx={{ pt: 3 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
