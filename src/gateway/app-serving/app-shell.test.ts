import { describe, expect, it } from 'vitest';
import { ROUTES, documentTitle } from '../../app/route-table.ts';
import { shellRoute, withAppShell } from './app-shell.ts';

const INDEX = '<!doctype html><html lang="en"><head><title>Student Success · Advisor dashboard</title></head><body><div id="root"></div></body></html>';

const h1Of = (html: string) => /<div id="app-shell"[^>]*>[\s\S]*<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('the HTML shell', () => {
  it("paints every signed-in page's h1 and title from the route table", () => {
    for (const route of ROUTES.filter((r) => !r.public)) {
      const url = route.path.replace(/:[A-Za-z]+/g, 'X1');
      const html = withAppShell(INDEX, url, 'abc123');
      expect(h1Of(html), url).toBe((route.heading ?? route.title).replace(/&/g, '&amp;'));
      expect(html).toContain(`<title>${documentTitle(route.title)}</title>`);
      // Before the app's root, which React fills without touching the shell.
      expect(html.indexOf('id="app-shell"')).toBeLessThan(html.indexOf('<div id="root"></div>'));
    }
    expect(h1Of(withAppShell(INDEX, '/', undefined))).toBe('My students');
    expect(h1Of(withAppShell(INDEX, '/students/S000001/', undefined))).toBe('Student');
  });

  it('marks the current page in the navigation, drawer and bottom bar', () => {
    const html = withAppShell(INDEX, '/alerts', undefined);
    expect(html.match(/<a href="\/alerts" aria-current="page">Alerts<\/a>/g)).toHaveLength(2);
    expect(html).toContain('<a href="/students">Students</a>');
    expect(withAppShell(INDEX, '/students/S000001', undefined)).toContain('<a href="/students" aria-current="page">');
  });

  it("carries the response's nonce on its only inline element, a stylesheet (no inline script)", () => {
    const html = withAppShell(INDEX, '/students', 'n0nce+/=');
    expect(html).toContain('<style id="app-shell-style" nonce="n0nce+/=">');
    expect(html).not.toMatch(/<script/);
    expect(withAppShell(INDEX, '/students', '"><script>x</script>')).not.toContain('<script>');
  });

  it("reserves the row a page puts above its h1, and draws the h1 at the page's size on small screens", () => {
    for (const route of ROUTES.filter((r) => !r.public)) {
      const html = withAppShell(INDEX, route.path.replace(/:[A-Za-z]+/g, 'X1'), undefined);
      const row = /<div class="ss-page">(<div class="ss-above-([a-z-]+)"><\/div>)?<h1/.exec(html);
      expect(row, route.path).not.toBeNull();
      expect(row![2], route.path).toBe(route.aboveHeading);
      if (route.aboveHeading) expect(html, route.path).toMatch(new RegExp(`\\.ss-above-${route.aboveHeading}\\{height:[\\d.]+px;margin-bottom:\\d+px\\}`));
    }
    expect(withAppShell(INDEX, '/students/S000001/network', undefined)).toContain('<div class="ss-above-breadcrumbs"></div><h1>Success network</h1>');
    expect(withAppShell(INDEX, '/students/S000001', undefined)).toContain('<h1 class="ss-compact">Student</h1>');
    expect(withAppShell(INDEX, '/alerts', undefined)).toContain('<h1 class="ss-small">Alerts</h1>');
    // A fixed opening sentence: the page's own words under its h1, spaced as the page spaces it.
    expect(withAppShell(INDEX, '/admin/journal', undefined)).toContain(
      '<h1>Change journal</h1><p class="ss-intro ss-intro-stack">Every change made through the dashboard: who, when, what, and the result. Newest first.</p>',
    );
    expect(withAppShell(INDEX, '/caseloads', undefined)).toMatch(/<h1 class="ss-gutter">Caseloads<\/h1><p class="ss-intro">The students/);
    // Set in body2 where the page sets it so.
    expect(withAppShell(INDEX, '/alerts', undefined)).toMatch(/<h1 class="ss-small">Alerts<\/h1><p class="ss-intro ss-intro-body2">Every alert raised/);
    expect(withAppShell(INDEX, '/alerts', undefined)).toMatch(/\.ss-intro-body2\{font-size:\.875rem;line-height:1\.43;letter-spacing:\.01071em\}/);
  });

  it('is inert and hidden from assistive technology until the app replaces it', () => {
    expect(withAppShell(INDEX, '/caseloads', undefined)).toContain('<div id="app-shell" aria-hidden="true" inert>');
  });

  it('leaves public pages and unknown paths alone', () => {
    expect(withAppShell(INDEX, '/sign-in', 'n')).toBe(INDEX);
    expect(withAppShell(INDEX, '/no/such/page', 'n')).toBe(INDEX);
    expect(shellRoute('/admin/triggers/7/apply')?.title).toBe('Apply a trigger');
  });
});
