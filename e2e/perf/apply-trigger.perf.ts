import type { Request } from '@playwright/test';
import { withJourney } from './journey.ts';

/**
 * Issue 12's measurement, at SEED_SCALE=10: applying a trigger to 1,000 students from the apply
 * page, as an administrator does it (the students handed over in the URL, checked, previewed,
 * the count typed, applied in chunks of 100 with progress), in Chromium against `npm start`.
 *
 * - check: from the click on "Check and preview" until the preview and the 30-day check are in;
 * - apply: from the click on "Apply" until every chunk is done;
 * - created: until the page lists the notations it created (E7/E5 since the start);
 * - requests: every /api request of each phase, and the PATCHes among them;
 * - verified: the notations counted independently through the API afterwards (must be 1,000).
 */
export interface ApplyPerf {
  students: number;
  triggerId: number;
  checkMs: number;
  applyMs: number;
  createdMs: number;
  checkRequests: number;
  applyRequests: number;
  patches: number;
  createdRequests: number;
  progressSamples: string[];
  pageCount: string;
  verifiedCreated: number;
}

const STUDENTS = 1000;
const TRIGGER_ID = 1;

export async function measureApplyTrigger(options: { scale?: number } = {}): Promise<ApplyPerf> {
  const scale = options.scale ?? 10;
  return withJourney(scale, async (journey) => {
    const context = await journey.newContext({ width: 1280, height: 900 });
    const trigger = (await (await context.request.get(`/api/notations/triggers/${TRIGGER_ID}`)).json()) as {
      name: string;
      additionalAdvice: string;
      elevateToAlert: boolean;
    };
    // Students seeded S000001… (600 per scale unit): the last thousand, least likely to hold this trigger's recent notations.
    const first = 600 * scale - STUDENTS + 1;
    const ids = Array.from({ length: STUDENTS }, (_, i) => `S${String(first + i).padStart(6, '0')}`);

    const page = await context.newPage();
    let phase: 'load' | 'check' | 'apply' | 'created' = 'load';
    const counts = { load: 0, check: 0, apply: 0, created: 0, patches: 0 };
    page.on('request', (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (!path.startsWith('/api/')) return;
      // The look-up of what was created starts the moment the last chunk is done: count it by what it asks.
      const lookup = (phase === 'apply' || phase === 'created') && request.method() === 'GET' && /\/notations\/(alerts|dataInsights)\/$/.test(path);
      counts[lookup ? 'created' : phase] += 1;
      if (request.method() === 'PATCH') counts.patches += 1;
    });
    await page.goto(`/admin/triggers/${TRIGGER_ID}/apply?students=${ids.join(',')}`);
    await page.getByRole('button', { name: 'Check and preview' }).waitFor();

    phase = 'check';
    const checkStart = Date.now();
    await page.getByRole('button', { name: 'Check and preview' }).click();
    await page.getByLabel(`Type ${STUDENTS} to confirm`).waitFor({ timeout: 120_000 });
    const apply = page.getByRole('button', { name: `Apply to ${STUDENTS.toLocaleString('en-US')} students` });
    await page.waitForFunction(() => !document.body.innerText.includes('Looking for notations from this trigger'), undefined, { timeout: 120_000 });
    const checkMs = Date.now() - checkStart;
    await page.getByLabel(`Type ${STUDENTS} to confirm`).fill(String(STUDENTS));

    phase = 'apply';
    const startedAt = Date.now();
    const progressSamples: string[] = [];
    const sampler = setInterval(() => {
      void page
        .getByTestId('apply-progress')
        .textContent({ timeout: 100 })
        .then((t) => {
          if (t && progressSamples[progressSamples.length - 1] !== t) progressSamples.push(t);
        })
        .catch(() => undefined);
    }, 100);
    await apply.click();
    await page
      .getByTestId('apply-progress')
      .filter({ hasText: `${STUDENTS.toLocaleString('en-US')} of ${STUDENTS.toLocaleString('en-US')} students done.` })
      .waitFor({ timeout: 300_000 });
    clearInterval(sampler);
    const applyMs = Date.now() - startedAt;
    phase = 'created';
    const createdCount = page.getByTestId('created-count');
    await createdCount.waitFor({ timeout: 120_000 });
    const createdMs = Date.now() - startedAt;
    const pageCount = (await createdCount.textContent()) ?? '';

    // Counted again, independently: this trigger's kind and text, for these students, since the start.
    const kind = trigger.elevateToAlert ? 'alerts' : 'dataInsights';
    const startParam = trigger.elevateToAlert ? 'createdOnStart' : 'createOnStart';
    const text = trigger.additionalAdvice.trim() ? `${trigger.name}\n\n${trigger.additionalAdvice}` : trigger.name;
    let verifiedCreated = 0;
    for (let i = 0; i < ids.length; i += 100) {
      const url = `/api/notations/${kind}/?pageSize=1000&identifiers=${ids.slice(i, i + 100).join(',')}&${startParam}=${new Date(startedAt - 1000).toISOString()}`;
      const body = (await (await context.request.get(url)).json()) as { values: { details: string }[] };
      verifiedCreated += body.values.filter((n) => n.details === text).length;
    }
    return {
      students: STUDENTS,
      triggerId: TRIGGER_ID,
      checkMs,
      applyMs,
      createdMs,
      checkRequests: counts.check,
      applyRequests: counts.apply,
      patches: counts.patches,
      createdRequests: counts.created,
      progressSamples,
      pageCount,
      verifiedCreated,
    };
  });
}

export function formatApplyTrigger(r: ApplyPerf): string {
  return [
    '| measure | value |',
    '| --- | --- |',
    `| students | ${r.students} (trigger ${r.triggerId}) |`,
    `| check + preview + 30-day check | ${r.checkMs} ms, ${r.checkRequests} requests |`,
    `| apply (every chunk done) | ${r.applyMs} ms, ${r.applyRequests} requests of which ${r.patches} PATCH |`,
    `| created notations listed | ${r.createdMs} ms after the click, ${r.createdRequests} requests (E7/E5, 100 students each) |`,
    `| page says | ${r.pageCount} |`,
    `| notations created (counted through the API) | ${r.verifiedCreated}${r.verifiedCreated === r.students ? ' ✓' : ' ✗'} |`,
    `| progress seen | ${r.progressSamples.length} states: ${r.progressSamples.slice(0, 3).join(' → ')}${r.progressSamples.length > 3 ? ' → … → ' + r.progressSamples[r.progressSamples.length - 1] : ''} |`,
  ].join('\n');
}
