import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { MyStudent, MyStudents } from '../../api/my-students.ts';
import { withAppShell } from './app-shell.ts';
import { HOME_WAIT_HEADER, PICTURED_ROWS, readHome } from './home-picture.ts';

/** #32, the home's first rows: the server's picture of them. */

const INDEX = '<!doctype html><html lang="en"><head><title>Student Success · Advisor dashboard</title></head><body><div id="root"></div></body></html>';
const NOW = Date.parse('2026-11-28T12:00:00.000Z');

const row = (n: number, over: Partial<MyStudent> = {}): MyStudent => ({
  student: `S${String(n).padStart(6, '0')}`,
  name: `Student ${n}`,
  inCaseload: true,
  watching: false,
  openAlerts: 2,
  oldestOpenAlertOn: '2026-11-19T12:00:00.000Z',
  lastContactOn: '2026-11-27T12:00:00.000Z',
  lastVisit: null,
  newSinceVisit: 0,
  lowFactors: [],
  reasons: [{ rule: 'open-alerts', text: '2 open alerts' }],
  ...over,
});
const home = (students: MyStudent[]): MyStudents => ({
  source: 'caseload',
  generatedAt: new Date(NOW).toISOString(),
  contactSince: '2026-06-01T00:00:00.000Z',
  rules: { openAlerts: 1, silentAlertDays: 7, newAlerts: 1, bottomPercent: 25, noContactDays: 30 },
  scores: 'read',
  students,
  hiddenWatched: 0,
});

describe('the home in the first frame', () => {
  it('paints the first rows in attention order with their reasons and facts in words, inside the inert shell', () => {
    const answer = home([
      row(1, { watching: true }),
      row(2, { reasons: [], openAlerts: 0, oldestOpenAlertOn: null }),
      ...Array.from({ length: 20 }, (_, i) => row(i + 3)),
    ]);
    const html = withAppShell(INDEX, '/', 'n0nce', undefined, { answer, nowMs: NOW });
    const shell = html.slice(html.indexOf('<div id="app-shell"'), html.indexOf('<div id="root">'));
    expect(shell).toContain('aria-hidden="true" inert');
    expect(shell.match(/data-testid="my-student-picture"/g)).toHaveLength(PICTURED_ROWS);
    expect(shell.indexOf('Student 1<')).toBeLessThan(shell.indexOf('Student 2<'));
    expect(shell).toContain('<a href="/students/S000001" elementtiming="home-row">Student 1</a>');
    expect(shell).toContain('<span class="ss-watching">Watching</span>');
    expect(shell).toContain('<li>2 open alerts</li>');
    expect(shell).toContain('No reason for attention');
    expect(shell).toContain('2 open alerts, oldest raised 9 days ago · Last contact yesterday · Not opened by you yet');
    expect(shell).toContain('Your caseload: 22 students whose success networks you are in.');
    expect(shell).not.toContain('Student 9<');
    // The stylesheet keeps its nonce; still no inline script.
    expect(html).toContain('<style id="app-shell-style" nonce="n0nce">');
    expect(html).not.toMatch(/<script/);
  });

  it('escapes what the service wrote: a name cannot open an element', () => {
    const answer = home([row(1, { name: '<img src=x onerror=alert(1)> & <script>x</script>' })]);
    const html = withAppShell(INDEX, '/', undefined, undefined, { answer, nowMs: NOW });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &lt;script&gt;');
  });

  it('paints nothing for an empty home, and nothing but the shell without one', () => {
    expect(withAppShell(INDEX, '/', undefined, undefined, { answer: home([]), nowMs: NOW })).not.toContain('class="ss-home"');
    expect(withAppShell(INDEX, '/', undefined)).not.toContain('ss-home');
  });
});

describe('reading the home for the page', () => {
  const app = (status: number, body: unknown, seen: Headers[] = []) => {
    const hono = new Hono();
    hono.get('/session/my-students', (c) => {
      seen.push(c.req.raw.headers);
      return status === 204 ? c.body(null, 204) : c.json(body as object, status as 200);
    });
    return hono;
  };
  const page = (url: string, cookie = 'session=1') => new Request(url, { headers: cookie ? { cookie } : {} });

  it('asks the gateway’s own /session/my-students as the visitor, with a time limit, and takes a valid answer', async () => {
    const seen: Headers[] = [];
    const answer = home([row(1)]);
    expect(await readHome(app(200, answer, seen), page('http://dash.test/'))).toEqual(answer);
    expect(seen[0]?.get('cookie')).toBe('session=1');
    expect(Number(seen[0]?.get(HOME_WAIT_HEADER))).toBeGreaterThan(0);
  });

  it('gives nothing for another page, a sort or filter in the URL, no cookie, no answer in time, a refusal or an answer off the schema', async () => {
    const answer = home([row(1)]);
    expect(await readHome(app(200, answer), page('http://dash.test/alerts'))).toBeUndefined();
    expect(await readHome(app(200, answer), page('http://dash.test/?sort=name'))).toBeUndefined();
    expect(await readHome(app(200, answer), page('http://dash.test/', ''))).toBeUndefined();
    expect(await readHome(app(204, undefined), page('http://dash.test/'))).toBeUndefined();
    expect(await readHome(app(401, { title: 'Sign in' }), page('http://dash.test/'))).toBeUndefined();
    expect(await readHome(app(200, { students: 'many' }), page('http://dash.test/'))).toBeUndefined();
  });
});
