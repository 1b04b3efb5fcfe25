import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { APP_NAME, documentTitle } from './route-table.ts';

export interface RouteHandle {
  title: string;
}

const hasTitle = (handle: unknown): handle is RouteHandle => typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';

/** How long a page may take to show its heading before focus stops waiting for it. */
const HEADING_WAIT_MS = 5000;

/** Focus on the page's `h1`, made focusable; false when there is none yet. */
function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
}

/**
 * After each navigation to another page (not the first load, not a change of filters) focus
 * moves to the new page's `h1`, so a screen reader announces where the person is and the
 * keyboard starts from the page, not from wherever the old one left it. The heading may render
 * after the data it names: wait for it, a little.
 */
function useFocusHeadingOnNavigation(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);
}

/** Around every page: the document title from the route table ("Alerts · Student Success"), and focus after navigation. */
export function AppFrame() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const title = matches
    .map((match) => match.handle)
    .filter(hasTitle)
    .at(-1)?.title;
  useEffect(() => {
    document.title = title ? documentTitle(title) : APP_NAME;
  }, [title]);
  useFocusHeadingOnNavigation(pathname);
  return <Outlet />;
}
