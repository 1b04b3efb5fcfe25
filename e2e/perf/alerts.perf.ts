import type { Page } from '@playwright/test';
import { median, ms, spread, timedChange as timed, verdict, withJourney, type Journey } from './journey.ts';
import { instrument, LOOPBACK, megabytes, type ByteCounter, type NetworkProfile } from './network.ts';

/**
 * Issue 5's measurements, at SEED_SCALE=10: the alert queue over a range that holds at least
 * 10,000 alerts, opened cold.
 *
 * - complete: from navigation start until every alert is in (the summary counts the range's
 *   total) and the grid shows its rows;
 * - interactive: from navigation start until a click on a category chip, made by the page
 *   itself the moment the queue is complete, has re-rendered the grid with the new row count;
 * - filter change: from a person's click (the `click` event, on release) or key press on a filter
 *   to the frame that shows the grid's new row count, measured in the page (the event's time, a
 *   MutationObserver, then the next frame), not with Playwright round trips.
 */
export interface AlertsPerf {
  profile: string;
  from: string;
  to: string;
  alerts: number;
  completeMs: number;
  interactiveMs: number;
  /** Bytes received from navigation until the queue was complete and the network quiet. */
  coldBytes: number;
  /** After lowering one alert from the drawer: bytes received and requests (304s among them). */
  afterLowering: { bytes: number; requests: number; notModified: number; ms: number };
  /** Each click on a status or category chip, in order. */
  chipChangesMs: number[];
  /** Each key typed in the search field (the queue follows every key). */
  keyChangesMs: number[];
  /** Switching to one row per student and back. */
  groupChangesMs: number[];
}

const DAY_MS = 86_400_000;
const TARGET_ALERTS = 10_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface PerfWindow {
  __queue?: { complete?: number; interactive?: number };
}

/**
 * Installed before the page's scripts: notes when the queue is complete, then clicks the busiest
 * category chip itself and notes when the grid shows the new count (the page is interactive).
 */
function watchQueue(total: number) {
  const w = window as unknown as PerfWindow;
  w.__queue = {};
  const pager = () => document.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '';
  const summary = () => document.querySelector('[data-testid="triage-summary"]')?.textContent ?? '';
  const totalText = (text: string) => Number(/ of ([\d,]+) alerts/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
  let clickedAt = 0;
  let before = '';
  const observer = new MutationObserver(() => {
    const queue = w.__queue!;
    if (queue.complete === undefined) {
      if (totalText(summary()) === total && document.querySelector('[role="grid"] [role="row"][data-id]') && pager() !== '') {
        queue.complete = performance.now();
        const chip = document.querySelector<HTMLElement>('[data-testid^="category-chip-"]');
        before = pager();
        clickedAt = performance.now();
        chip?.click();
      }
    } else if (queue.interactive === undefined && clickedAt > 0 && pager() !== before) {
      // The frame that shows it: after the next animation frame's rendering.
      requestAnimationFrame(() => setTimeout(() => (queue.interactive = performance.now())));
      observer.disconnect();
    }
  });
  // The document itself: its element does not exist yet when this runs.
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** Lowers the grid's first alert through the drawer; counts what crosses the network afterwards. */
async function lowerFirstAlert(page: Page, counter: ByteCounter): Promise<AlertsPerf['afterLowering']> {
  await page.locator('[role="grid"] [role="row"][data-id]').first().locator('[data-field="details"]').click();
  const drawer = page.getByRole('region', { name: /^Alert for / });
  await drawer.getByRole('button', { name: 'Lower alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lower this alert' });
  await dialog.getByRole('textbox', { name: /Why is it lowered/ }).fill('Met the student; plan agreed (bench).');
  // The drawer's comments and the like are loaded by now. What counts is what the page sends
  // after the write (POST …/comments with usedToLowerAlert) has completed, until the network is
  // quiet again: the revalidation of the queue's range, not the write itself.
  await counter.quiet();
  counter.afterWrite(({ method, url }) => method === 'POST' && /\/api\/notations\/alerts\/[^/]+\/comments/.test(url));
  const started = Date.now();
  const written = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/notations\/alerts\/[^/]+\/comments/.test(r.url()), {
    timeout: 90_000,
  });
  await dialog.getByRole('button', { name: 'Lower alert' }).click();
  const answer = await written;
  if (!answer.ok()) throw new Error(`the lowering answered ${answer.status()}`);
  const writeDeadline = Date.now() + 30_000;
  while (!counter.writeDone() && Date.now() < writeDeadline) await page.waitForTimeout(50);
  if (!counter.writeDone()) throw new Error('the lowering request was not seen on the network');
  // The refetch starts when the mutation settles in the page, a moment after the answer: wait for
  // the queue's first list request (a loaded machine can pause longer than the quiet window).
  const refetchDeadline = Date.now() + 20_000;
  while (!counter.urlsAfterWrite().some((url) => /\/api\/notations\/alerts\/\?/.test(url)) && Date.now() < refetchDeadline) await page.waitForTimeout(50);
  await counter.quiet(1500);
  if (process.env.BENCH_DEBUG) console.error('after the write:', counter.urlsAfterWrite(), 'in flight:', counter.inFlight());
  const { count, notModified } = counter.requests();
  return { bytes: counter.bytes(), requests: count, notModified, ms: Date.now() - started };
}

/**
 * The alerts of a range that the page will show the bench's person: every page of E7 through the
 * gateway, which leaves out the notes whose audience does not include them (#30). E7's
 * `totalValues` is the service's count and stays larger.
 */
export async function visibleAlerts(journey: Journey, from: string, to: string): Promise<number> {
  let shown = 0;
  for (let page = 1; ; page += 1) {
    const body = await journey.get<{ values: unknown[]; links: { next?: unknown } }>(
      `/notations/alerts/?createdOnStart=${from}&createdOnEnd=${to}&page=${page}&pageSize=1000`,
    );
    shown += body.values.length;
    if (!body.links.next) return shown;
  }
}

/** A lowering that did not complete is reported as not measured, not as a crash of the bench. */
function notMeasured(error: unknown): AlertsPerf['afterLowering'] {
  console.error('lowering one alert failed:', error instanceof Error ? error.message : error);
  return { bytes: Number.NaN, requests: 0, notModified: 0, ms: Number.NaN };
}

export async function measureAlerts(options: { scale?: number; profile?: NetworkProfile } = {}): Promise<AlertsPerf> {
  const scale = options.scale ?? 10;
  const profile = options.profile ?? LOOPBACK;
  return withJourney(scale, async (journey) => {
    const context = await journey.newContext({ width: 1280, height: 900 });

    // The range: back from today, widened until it holds at least 10,000 alerts (E7's totalValues).
    const to = day(Date.now());
    const count = async (from: string) =>
      ((await (await context.request.get(`/api/notations/alerts/?pageSize=1&createdOnStart=${from}&createdOnEnd=${to}`)).json()) as { totalValues: number })
        .totalValues;
    let days = 30;
    let alerts = await count(day(Date.now() - days * DAY_MS));
    while (alerts < TARGET_ALERTS && days < 3 * 365) {
      days += 10;
      alerts = await count(day(Date.now() - days * DAY_MS));
    }
    const from = day(Date.now() - days * DAY_MS);
    // What the page will count: the gateway keeps out other authors' Private alerts (#30), so fewer than E7's total.
    const visible = await visibleAlerts(journey, from, to);

    const page = await context.newPage();
    const counter = await instrument(page, profile);
    await page.addInitScript(watchQueue, visible);
    await page.goto(`/alerts?from=${from}&to=${to}`);
    await page.waitForFunction(() => (window as unknown as PerfWindow).__queue?.interactive !== undefined, undefined, { timeout: 60_000 });
    const { complete, interactive } = await page.evaluate(() => (window as unknown as PerfWindow).__queue!);
    await counter.quiet();
    const coldBytes = counter.bytes();
    await page.waitForTimeout(500);
    if (profile.emulate) {
      const afterLowering = await lowerFirstAlert(page, counter).catch(notMeasured);
      return {
        profile: profile.name,
        from,
        to,
        alerts,
        completeMs: complete!,
        interactiveMs: interactive!,
        coldBytes,
        afterLowering,
        chipChangesMs: [],
        keyChangesMs: [],
        groupChangesMs: [],
      };
    }

    // Filter changes as a person makes them. (The page's own click chose the first category.)
    const chip = (id: string) => page.locator(`[data-testid="${id}"]`);
    const categories = await page
      .locator('[data-testid^="category-chip-"]')
      .evaluateAll((chips) => chips.slice(0, 3).map((c) => c.getAttribute('data-testid')!));
    const chipChangesMs: number[] = [];
    for (const id of [
      categories[0]!,
      categories[1]!,
      categories[1]!,
      categories[2]!,
      categories[2]!,
      'status-chip-all',
      'status-chip-Lowered',
      'status-chip-Open',
    ]) {
      chipChangesMs.push(await timed(page, () => chip(id).click()));
    }
    const search = page.getByRole('searchbox', { name: 'Search alerts' });
    await search.click();
    const keyChangesMs: number[] = [];
    for (const key of ['q', 'u', 'i', 'Backspace', 'Backspace', 'Backspace']) keyChangesMs.push(await timed(page, () => page.keyboard.press(key)));
    const groupSwitch = page.getByRole('switch', { name: 'One row per student' });
    const groupChangesMs = [await timed(page, () => groupSwitch.click()), await timed(page, () => groupSwitch.click())];

    const afterLowering = await lowerFirstAlert(page, counter).catch(notMeasured);
    return {
      profile: profile.name,
      from,
      to,
      alerts,
      completeMs: complete!,
      interactiveMs: interactive!,
      coldBytes,
      afterLowering,
      chipChangesMs,
      keyChangesMs,
      groupChangesMs,
    };
  });
}

export function formatAlerts(r: AlertsPerf): string {
  const emulated = r.profile !== LOOPBACK.name;
  const share = (100 * r.afterLowering.bytes) / r.coldBytes;
  return [
    `Network: ${r.profile}`,
    '',
    '| measurement | value | goal |',
    '|---|---:|---|',
    `| alerts in the range ${r.from} to ${r.to} (E7) | ${r.alerts.toLocaleString('en-US')}${verdict(r.alerts, (v) => v >= 10_000)} | ≥ 10,000 |`,
    `| cold: every alert loaded and shown in the grid, after navigation start | ${ms(r.completeMs)} | — |`,
    `| cold: complete and interactive (a category chip's click re-rendered), after navigation start | ${ms(r.interactiveMs)}${verdict(r.interactiveMs, (v) => v <= (emulated ? 2_500 : 3_000))} | ${emulated ? '≤ 2,500 ms' : '< 3,000 ms'} |`,
    `| cold: bytes transferred until complete (and the network quiet) | ${megabytes(r.coldBytes)}${verdict(r.coldBytes, (v) => v <= 2_000_000)} | ≤ 2.0 MB |`,
    `| after lowering one alert (from the write's completion until the network is quiet): bytes (${r.afterLowering.requests} requests, ${r.afterLowering.notModified} of them 304; ${ms(r.afterLowering.ms)}) | ${megabytes(r.afterLowering.bytes)} (${Number.isNaN(share) ? '?' : Math.round(share)} % of cold)${verdict(share, (v) => v <= 10)} | ≤ 10 % of cold |`,
    ...(emulated
      ? []
      : [
          `| filter change: status or category chip → grid's new row count painted (median) | ${spread(r.chipChangesMs)}${verdict(median(r.chipChangesMs), (v) => v < 100)} | < 100 ms |`,
          `| filter change: a key in the search field → grid's new row count painted (median) | ${spread(r.keyChangesMs)}${verdict(median(r.keyChangesMs), (v) => v < 100)} | < 100 ms |`,
          `| view change: one row per student on / off | ${r.groupChangesMs.map(ms).join(' / ')} | — |`,
        ]),
  ].join('\n');
}
