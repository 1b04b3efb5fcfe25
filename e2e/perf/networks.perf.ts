import type { APIRequestContext, Page } from '@playwright/test';
import { withJourney } from './journey.ts';

/**
 * Issue 13's measurements, at SEED_SCALE=10, in Chromium against `npm start`'s server:
 *
 * - the largest caseload (found by asking every staff member's caseload size), opened cold on
 *   `/caseloads?staff=…`: from navigation start until the page states its count and shows rows;
 * - reassigning 500 students ("replace X with Y", the students handed over as `?students=`):
 *   the preview (one E15 per student) and the run (one guarded E16 per student: E15 again, then
 *   the PUT, 4 at a time), timed from the click to the page's final summary; the requests each
 *   phase sent; then every one of the 500 networks read back: Y in X's place, everyone else
 *   still there in the same order ("none lost").
 *
 * X is first added (through the API, not timed) to the 500 students whose network lacks it.
 */
export interface NetworksPerf {
  largestCaseload: { staff: string; students: number; openMs: number };
  reassign: { students: number; previewMs: number; previewRequests: number; runMs: number; runGets: number; runPuts: number; lost: number; wrong: number };
}

const STUDENTS = 500;

const identifierOf = (href: string) => decodeURIComponent(href.split('/').pop() ?? '');

async function networkOf(request: APIRequestContext, student: string): Promise<string[]> {
  const body = (await (await request.get(`/api/people/${student}/successNetwork`)).json()) as { values: { href: string }[] };
  return body.values.map((link) => identifierOf(link.href));
}

async function pool<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

async function listIds(request: APIRequestContext, query: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const body = (await (await request.get(`/api/people/?${query}&page=${page}&pageSize=1000`)).json()) as {
      totalValues: number;
      values: { identifier: string }[];
    };
    ids.push(...body.values.map((p) => p.identifier));
    if (ids.length >= body.totalValues || body.values.length === 0) return ids;
  }
}

function countRequests(page: Page) {
  const counts = { GET: 0, PUT: 0 };
  const listener = (request: { url(): string; method(): string }) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    if (request.method() === 'GET') counts.GET += 1;
    if (request.method() === 'PUT') counts.PUT += 1;
  };
  page.on('request', listener);
  return { counts, stop: () => page.off('request', listener) };
}

export async function measureNetworks(options: { scale?: number } = {}): Promise<NetworksPerf> {
  const scale = options.scale ?? 10;
  return withJourney(scale, async (journey) => {
    const context = await journey.newContext({ width: 1440, height: 900 });
    const request = context.request;

    // The largest caseload: every staff member's count (pageSize=1 answers carry totalValues).
    const staff = (await Promise.all(['Advisor', 'Faculty', 'Staff', 'Coach'].map((role) => listIds(request, `role=${role}`)))).flat();
    let largest = { staff: '', students: -1 };
    await pool(staff, 8, async (id) => {
      const body = (await (await request.get(`/api/people/${id}/caseload?pageSize=1`)).json()) as { totalValues: number };
      if (body.totalValues > largest.students) largest = { staff: id, students: body.totalValues };
    });
    const page = await context.newPage();
    const openStart = Date.now();
    await page.goto(`/caseloads?staff=${largest.staff}`);
    await page
      .getByTestId('caseload-count')
      .filter({ hasText: /: \d+ students?/ })
      .waitFor({ timeout: 60_000 });
    await page.getByRole('grid', { name: 'Students in this caseload' }).getByRole('row').nth(1).waitFor();
    const openMs = Date.now() - openStart;

    // 500 students, and X (a staff member) added to each network that lacks it: the set-up.
    const [x, y] = [staff[0]!, staff[1]!];
    const students = (await listIds(request, 'role=Student')).slice(0, STUDENTS);
    const before = new Map<string, string[]>();
    await pool(students, 8, async (student) => {
      let members = await networkOf(request, student);
      if (!members.includes(x) || members.includes(y)) {
        members = members.filter((m) => m !== y);
        if (!members.includes(x)) members.push(x);
        // A write through the gateway needs this dashboard's Origin (its CSRF check), as the page's own do.
        const put = await request.put(`/api/people/${student}/successNetwork`, {
          data: members.map((identifier) => ({ identifier })),
          headers: { origin: journey.origin },
        });
        if (!put.ok()) throw new Error(`set-up: PUT the network of ${student}: ${put.status()}`);
      }
      before.set(student, members);
    });

    await page.goto(`/caseloads?staff=${x}&students=${students.join(',')}`);
    await page
      .getByTestId('bulk-students')
      .filter({ hasText: `${STUDENTS} students, handed over` })
      .waitFor({ timeout: 60_000 });
    await page.getByRole('combobox', { name: 'Replacement' }).fill(y);
    await page.getByRole('option', { name: new RegExp(y) }).click();

    const preview = countRequests(page);
    const previewStart = Date.now();
    await page.getByRole('button', { name: `Preview ${STUDENTS} students` }).click();
    await page.getByTestId('bulk-summary').filter({ hasText: 'Nothing is written yet.' }).waitFor({ timeout: 120_000 });
    const previewMs = Date.now() - previewStart;
    preview.stop();

    const run = countRequests(page);
    const runStart = Date.now();
    await page.getByRole('button', { name: `Apply to ${STUDENTS} students` }).click();
    await page
      .getByTestId('bulk-summary')
      .filter({ hasText: `Saved ${STUDENTS} of ${STUDENTS}.` })
      .waitFor({ timeout: 300_000 });
    const runMs = Date.now() - runStart;
    run.stop();

    // None lost: Y in X's place, everyone else where they were.
    let lost = 0;
    let wrong = 0;
    await pool(students, 8, async (student) => {
      const now = await networkOf(request, student);
      const expected = before.get(student)!.map((m) => (m === x ? y : m));
      if (expected.some((m) => !now.includes(m))) lost += 1;
      else if (now.join() !== expected.join()) wrong += 1;
    });
    await context.close();
    return {
      largestCaseload: { staff: largest.staff, students: largest.students, openMs },
      reassign: { students: STUDENTS, previewMs, previewRequests: preview.counts.GET, runMs, runGets: run.counts.GET, runPuts: run.counts.PUT, lost, wrong },
    };
  });
}

export function formatNetworks(r: NetworksPerf): string {
  const { largestCaseload: c, reassign: b } = r;
  return [
    '| measurement | value |',
    '|---|---:|',
    `| largest caseload (${c.staff}, ${c.students} people): cold open to count and rows | ${c.openMs} ms |`,
    `| reassign ${b.students} students, preview (reads only) | ${b.previewMs} ms, ${b.previewRequests} GET |`,
    `| reassign ${b.students} students, run (guarded E16, 4 at a time) | ${b.runMs} ms, ${b.runGets} GET + ${b.runPuts} PUT |`,
    `| networks that lost a member / differ from the plan | ${b.lost} / ${b.wrong} |`,
  ].join('\n');
}
