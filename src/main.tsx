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

void afterFirstPaint()
  .then(() => import('./app/boot.tsx'))
  .then(({ boot }) => boot(document.getElementById('root')!));
