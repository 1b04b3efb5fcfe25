/**
 * The entry is kept tiny: it lets the browser paint the server's HTML shell (src/server/app-shell.ts)
 * before the app's modules are evaluated — a long task on a slow phone — rather than evaluating
 * them first because they happened to arrive before the first frame. Their files are fetched from
 * the start all the same: the server names them in the HTML (src/server/route-preloads.ts).
 * A hidden tab paints no frames: the timeout starts the app there.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    const done = () => setTimeout(resolve, 0);
    requestAnimationFrame(done);
    setTimeout(resolve, 100);
  });

/**
 * Then the data first: the early start (query and API clients, no UI code) asks for the session
 * and the page's data, and only then is the app's start-up evaluated, a long task the requests
 * no longer wait behind (src/app/early-start.ts).
 */
void afterFirstPaint()
  .then(() => import('./app/early-start.ts'))
  .then(async ({ createEarlyParts, startEarly }) => {
    const early = createEarlyParts();
    await startEarly(early, new URL(window.location.href));
    return early;
  })
  .then(async (early) => (await import('./app/boot.tsx')).boot(document.getElementById('root')!, early));
