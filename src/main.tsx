import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppParts, whenRouterReady } from './app/app.tsx';

// The router starts the page's data and code now; the first render waits for the page's code
// (preloaded with the HTML, whose shell is on screen meanwhile: src/server/app-shell.ts) and runs
// as a transition, which React splits into short tasks, so a slow phone stays responsive.
const parts = createAppParts();
const root = createRoot(document.getElementById('root')!);
void whenRouterReady(parts.router).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App parts={parts} />
      </StrictMode>,
    ),
  ),
);
