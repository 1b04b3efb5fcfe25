// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app.tsx';
import { setupTestBackend } from '../../../testing/setup-test-backend.ts';
import { AlertTriagePage } from './alert-triage-page.tsx';
import { TRIAGE_EXPAND, type TriageAlert } from '../../../queries/alert-queue.ts';
import { formatDayRange } from '../../../lib/dates.ts';

const RANGE = { from: '2026-05-01', to: '2026-05-31' };
const URL_RANGE = `from=${RANGE.from}&to=${RANGE.to}`;
const routes = [{ path: '/alerts', element: <AlertTriagePage /> }];

const { backend, api } = setupTestBackend({ cleanup: true });

let alerts: TriageAlert[];
beforeAll(async () => {
  alerts = (await api().alerts.listAll({ createdOnStart: RANGE.from, createdOnEnd: RANGE.to, expand: TRIAGE_EXPAND })).values;
});

const number = new Intl.NumberFormat(undefined);
const summary = () => screen.getByTestId('triage-summary');
const params = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

async function loaded() {
  await waitFor(() => expect(summary()).toBeInTheDocument(), { timeout: 15_000 });
}

describe('AlertTriagePage', () => {
  it('loads every alert of the range and shows the open ones, with counts per status', async () => {
    const open = alerts.filter((a) => a.status === 'Open');
    expect(alerts.length).toBeGreaterThan(100);
    expect(open.length).toBeGreaterThan(0);
    expect(open.length).toBeLessThan(alerts.length);
    await renderApp({ routes, url: `/alerts?${URL_RANGE}`, backend: backend() });
    // The progress bar says how far the load has come.
    expect(await screen.findByTestId('triage-progress')).toHaveTextContent(/Loading alerts|Loaded \d+ of \d+ alerts/);
    await loaded();
    expect(summary()).toHaveTextContent(`Showing ${number.format(open.length)} of ${number.format(alerts.length)} alerts created ${formatDayRange(RANGE)}.`);
    expect(screen.getByTestId('status-chip-Open')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('status-chip-Open')).toHaveTextContent(number.format(open.length));
    expect(screen.getByTestId('status-chip-all')).toHaveTextContent(number.format(alerts.length));
    expect(screen.getByTestId('status-chip-Lowered')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('heading', { level: 1, name: 'Alerts' })).toBeInTheDocument();
  });

  it('filters by a category chip: the URL says so and the queue shows only that category', async () => {
    const user = userEvent.setup();
    const open = alerts.filter((a) => a.status === 'Open');
    const category = open.flatMap((a) => a.categories.values)[0];
    if (!category) throw new Error('no categorised open alert in the range');
    const withCategory = open.filter((a) => a.categories.values.some((c) => c.id === category.id));
    const { router } = await renderApp({ routes, url: `/alerts?${URL_RANGE}`, backend: backend() });
    await loaded();
    // The row's chips after its first few mount once the page is idle (useProgressiveCount).
    const chip = await screen.findByTestId(`category-chip-${category.id}`);
    expect(chip).toHaveTextContent(`${category.name} ${number.format(withCategory.length)}`);
    await user.click(chip);
    await waitFor(() => expect(params(router).get('categories')).toBe(String(category.id)));
    expect(params(router).get('from')).toBe(RANGE.from);
    await waitFor(() => expect(summary()).toHaveTextContent(`Showing ${number.format(withCategory.length)} of`));
    expect(screen.getByTestId(`category-chip-${category.id}`)).toHaveAttribute('aria-pressed', 'true');

    // Again: the filter goes.
    await user.click(screen.getByTestId(`category-chip-${category.id}`));
    await waitFor(() => expect(params(router).get('categories')).toBeNull());
    await waitFor(() => expect(summary()).toHaveTextContent(`Showing ${number.format(open.length)} of`));
  });

  it('filters as the text is typed, and writes it to the URL once typing pauses', async () => {
    const user = userEvent.setup();
    const target = alerts.find((a) => a.status === 'Open');
    if (!target) throw new Error('no open alert');
    const expected = alerts.filter((a) => a.status === 'Open' && a.student.identifier === target.student.identifier).length;
    const { router } = await renderApp({ routes, url: `/alerts?${URL_RANGE}`, backend: backend() });
    await loaded();
    await user.type(screen.getByRole('searchbox', { name: 'Search alerts' }), target.student.identifier);
    await waitFor(() => expect(summary()).toHaveTextContent(`Showing ${number.format(expected)} of`));
    await waitFor(() => expect(params(router).get('q')).toBe(target.student.identifier));
  });

  it('switches to one row per student, in the URL', async () => {
    const user = userEvent.setup();
    const open = alerts.filter((a) => a.status === 'Open');
    const students = new Set(open.map((a) => a.student.identifier));
    const { router } = await renderApp({ routes, url: `/alerts?${URL_RANGE}`, backend: backend() });
    await loaded();
    await user.click(screen.getByRole('switch', { name: 'One row per student' }));
    await waitFor(() => expect(params(router).get('group')).toBe('student'));
    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        `${number.format(students.size)} students with ${number.format(open.length)} of ${number.format(alerts.length)} alerts`,
      ),
    );
  });

  it('shows the view a URL describes, and ignores bad values with a notice', async () => {
    const lowered = alerts.filter((a) => a.status === 'Lowered');
    await renderApp({ routes, url: `/alerts?${URL_RANGE}&status=lowered&category=x&group=teacher&sort=-nothing`, backend: backend() });
    await loaded();
    const notice = screen.getByTestId('filter-notice');
    for (const word of ['“x”', 'teacher', 'nothing']) expect(notice).toHaveTextContent(word);
    expect(summary()).toHaveTextContent(`Showing ${number.format(lowered.length)} of ${number.format(alerts.length)} alerts`);
    expect(screen.getByTestId('status-chip-Lowered')).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when nothing matches, with a way back', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp({ routes, url: `/alerts?${URL_RANGE}&q=zzzz-nothing-like-this`, backend: backend() });
    await loaded();
    const empty = screen.getByTestId('triage-empty');
    expect(empty).toHaveTextContent('No alerts match these filters.');
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(params(router).get('q')).toBeNull());
    expect(params(router).get('from')).toBeNull();
  });
});

describe('AlertTriagePage over a range of several pages', () => {
  it('shows the first page of alerts while the rest loads, then the whole queue', async () => {
    const wide = { from: '2025-06-01', to: '2026-05-31' };
    const total = (await api().alerts.list({ createdOnStart: wide.from, createdOnEnd: wide.to, pageSize: 1 })).totalValues;
    expect(total).toBeGreaterThan(1000);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding: typeof fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      // Every page after the first waits until released.
      if (url.pathname === '/api/notations/alerts/' && Number(url.searchParams.get('page') ?? 1) > 1) await held;
      return fetch(input, init);
    };
    await renderApp({ routes, url: `/alerts?from=${wide.from}&to=${wide.to}&status=all`, backend: backend(), fetch: holding });
    await waitFor(() => expect(summary()).toHaveTextContent(`of the newest 1,000 alerts; loading the rest of ${number.format(total)}`), { timeout: 45_000 });
    expect(screen.getByTestId('triage-progress')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1), { timeout: 30_000 });
    release();
    await waitFor(
      () => expect(summary()).toHaveTextContent(`Showing ${number.format(total)} of ${number.format(total)} alerts created ${formatDayRange(wide)}.`),
      { timeout: 30_000 },
    );
    expect(screen.queryByTestId('triage-progress')).not.toBeInTheDocument();
  }, 120_000);
});
