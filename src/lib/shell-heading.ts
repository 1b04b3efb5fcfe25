/**
 * Puts a page's heading into the server's HTML shell (src/gateway/app-serving/app-shell.ts) while the shell is
 * still on screen: where a page's h1 is data (an administration's title), the shell can only say
 * what kind of page it is ("Cohort"). A route's prefetch module, run before React and MUI have
 * loaded, writes the real words as soon as its answer is in, so that on a slow phone the title
 * shows seconds before the app's first render (which puts the same words in the same place: the
 * shell's h1 is styled as the page's). A no-op once the app has replaced the shell, and where the
 * server has put the words there itself.
 */
export function paintShellHeading(text: string): void {
  if (typeof document === 'undefined' || !text) return;
  const heading = document.querySelector('#app-shell h1');
  // The server may have painted these words already (src/gateway/app-serving/data-headings.ts).
  if (!heading || heading.textContent === text) return;
  // A new element, not new text in the painted one: the browser times a paint of an element once
  // (largest-contentful-paint), so the title would count from when the app rendered it again.
  const titled = heading.cloneNode(false) as HTMLElement;
  titled.textContent = text;
  heading.replaceWith(titled);
}
