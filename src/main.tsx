import { nextPaint } from './lib/after-paint.ts';

/**
 * The entry is kept tiny: it lets the browser paint the server's HTML shell (src/gateway/app-serving/app-shell.ts)
 * before the app's modules are evaluated — a long task on a slow phone — rather than evaluating
 * them first because they happened to arrive before the first frame. Their files are fetched from
 * the start all the same: the server names them in the HTML (src/gateway/app-serving/route-preloads.ts).
 * A hidden tab paints no frames: the timeout starts the app there.
 */

/** Ends the current task: what follows runs in a new one, so the browser can paint and take input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The start-up's libraries, each evaluated in a task of its own before the app's own modules:
 * React DOM and the router, then MUI with the app's theme. Evaluated in one go (as importing the
 * start-up did) they were one task of about 30 ms here, 120 ms on a phone four times slower: long
 * enough to hold back a tap, and counted as such by Lighthouse (total blocking time).
 */
const START_UP_STAGES: (() => unknown)[] = [
  // A page's first number format costs about 20 ms (the browser loads its number-formatting data
  // once per page; every later formatter is cheap): here in a task of its own, not in the middle
  // of a module's evaluation or of the first render, where it made those long tasks longer.
  () => new Intl.NumberFormat().format(0),
  () => import('react-dom/client'),
  () => import('./app/theme.ts'),
];

/**
 * Then the data first: the early start (query and API clients, no UI code) asks for the session
 * and the page's data, and only then is the app's start-up evaluated, a long task the requests
 * no longer wait behind (src/app/early-start.ts).
 */
void nextPaint(100)
  // The contract's schemas are built as their modules are evaluated: tasks of their own (code-splitting.ts).
  .then(() => import('./api/schemas/index.ts'))
  .then(nextTask)
  .then(() => import('./api/operations.ts'))
  .then(nextTask)
  .then(() => import('./app/early-start.ts'))
  .then(async ({ createEarlyParts, startEarly }) => {
    await nextTask();
    const early = createEarlyParts();
    await startEarly(early, new URL(window.location.href));
    return early;
  })
  .then(async (early) => {
    for (const stage of START_UP_STAGES) {
      await nextTask();
      await stage();
    }
    await nextTask();
    const { boot } = await import('./app/boot.tsx');
    // The app's own modules evaluated, the router is made in the next task (about 17 ms here).
    await nextTask();
    boot(document.getElementById('root')!, early);
  });
