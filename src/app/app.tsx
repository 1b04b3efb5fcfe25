import { useState } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ApiProvider } from '../queries/api-context.tsx';
import { browserApi } from './api-client.ts';
import { createQueryClient } from '../queries/query-client.ts';
import { createAppRouter } from './router.tsx';
import { theme } from './theme.ts';
import { ToastProvider, toastBus } from '../components/toasts.tsx';

export function App() {
  const [queryClient] = useState(() =>
    createQueryClient({ onBackgroundError: () => toastBus.show('Could not refresh; showing the last data loaded.', 'warning') }),
  );
  const [api] = useState(browserApi);
  const [router] = useState(() => createAppRouter(queryClient, api));
  return (
    <ThemeProvider theme={theme} defaultMode="system" noSsr>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api}>
          <ToastProvider>
            {/* Without transitions: a page's first render is not interrupted and restarted by every
                query that answers meanwhile, which cost a cold student page about 100 ms. */}
            <RouterProvider router={router} useTransitions={false} />
          </ToastProvider>
        </ApiProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
