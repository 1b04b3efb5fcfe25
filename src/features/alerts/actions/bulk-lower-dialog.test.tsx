// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { useApi } from '../../../queries/api-context.tsx';
import { renderApp } from '../../../testing/render-app.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { setupTestBackend } from '../../../testing/setup-test-backend.ts';
import { alertQueries } from '../../../queries/alerts.ts';
import { TRIAGE_EXPAND, type TriageAlert } from '../../../queries/alert-queue.ts';
import type { BulkLowerResult } from './bulk-lower.ts';
import { BulkLowerDialog } from './index.ts';

const STUDENTS = ['S000002', 'S000003', 'S000010', 'S000011', 'S000012'];
const FILTERS = { identifiers: STUDENTS, expand: TRIAGE_EXPAND };
const DRAFT_KEY = 'draft:lower:bulk';

const { backend, api } = setupTestBackend({ cleanup: true, clearStorage: true, restoreMocks: true });

async function queue(): Promise<TriageAlert[]> {
  return (await api().alerts.listAll(FILTERS)).values;
}

/** Open alerts of three different students (each test takes its own). */
async function threeOpenAlerts(taken: Set<number>): Promise<TriageAlert[]> {
  const picked: TriageAlert[] = [];
  for (const alert of await queue()) {
    if (alert.status !== 'Open' || taken.has(alert.id) || picked.some((p) => p.student.identifier === alert.student.identifier)) continue;
    picked.push(alert);
    taken.add(alert.id);
    if (picked.length === 3) break;
  }
  expect(picked).toHaveLength(3);
  return picked;
}
const taken = new Set<number>();

/** Records each comment POST by alert id, and fails (or holds) those `respond` says. */
function commentPosts(respond: (id: number) => Response | Promise<void> | undefined = () => undefined) {
  const posts: number[] = [];
  const wrapped = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const match = /\/notations\/alerts\/(\d+)\/comments$/.exec(new URL(String(input)).pathname);
    if (init?.method === 'POST' && match) {
      const id = Number(match[1]);
      posts.push(id);
      const answer = respond(id);
      if (answer instanceof Response) return answer;
      if (answer) await answer;
    }
    return fetch(input, init);
  }) as typeof fetch;
  return { fetch: wrapped, posts, of: (id: number) => posts.filter((p) => p === id).length };
}

const unavailable = () =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The service is unavailable.' }), {
    status: 503,
    headers: { 'content-type': 'application/problem+json' },
  });

/** A stand-in for the triage page: the queue from the cache (statuses shown), the selection, the dialog. */
function Page({ selected, onClose, onFinished }: { selected: readonly number[]; onClose: () => void; onFinished: (result: BulkLowerResult) => void }) {
  const all = useQuery(alertQueries.listAll(useApi(), FILTERS));
  const alerts = useMemo(() => (all.data?.values ?? []).filter((alert) => selected.includes(alert.id)), [all.data, selected]);
  const [open, setOpen] = useState(true);
  return (
    <>
      <ul aria-label="Queue">
        {alerts.map((alert) => (
          <li key={alert.id} data-testid={`row-${alert.id}`}>
            {alert.status}
          </li>
        ))}
      </ul>
      {alerts.length > 0 && (
        <BulkLowerDialog
          alerts={alerts}
          open={open}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
          onFinished={onFinished}
        />
      )}
    </>
  );
}

async function render(selected: readonly number[], fetchImpl: typeof fetch) {
  const onClose = vi.fn();
  const onFinished = vi.fn<(result: BulkLowerResult) => void>();
  const rendered = await renderApp({
    routes: [{ path: '/alerts', element: <Page selected={selected} onClose={onClose} onFinished={onFinished} /> }],
    url: '/alerts',
    backend: backend(),
    fetch: fetchImpl,
  });
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  return { ...rendered, dialog, onClose, onFinished };
}

const row = (id: number) => screen.getByTestId(`row-${id}`);
const nameOf = (alert: TriageAlert) => `${alert.student.firstName} ${alert.student.lastName}`;

test('three alerts with one comment, one of them fails: two are lowered, the failure is listed with its reason, a retry sends only it', async () => {
  const user = userEvent.setup();
  const [first, failing, third] = await threeOpenAlerts(taken);
  const lowered = (await queue()).find((alert) => alert.status === 'Lowered')!;
  let down = true;
  const posts = commentPosts((id) => (down && id === failing!.id ? unavailable() : undefined));
  const { dialog, onFinished, onClose } = await render([first!.id, failing!.id, third!.id, lowered.id], posts.fetch);

  expect(dialog).toHaveAccessibleName('Lower 3 alerts');
  expect(dialog).toHaveAccessibleDescription(new RegExp(`for 3 students: .*${nameOf(first!)} \\(${first!.student.identifier}\\)`));
  expect(within(dialog).getByText('1 selected alert is not open and will be skipped.')).toBeInTheDocument();

  // The comment is required; its length is counted as the service counts it.
  const why = within(dialog).getByRole('textbox', { name: /why are they lowered/i });
  expect(why).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Lower 3 alerts' }));
  expect(why).toHaveAccessibleDescription(/cannot be blank/);
  expect(posts.posts).toEqual([]);
  await user.type(why, 'Term review: all followed up.');
  expect(within(dialog).getByText('29 / 10,000')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Lower 3 alerts' }));

  await within(dialog).findByRole('button', { name: 'Retry failed (1)' });
  expect(within(dialog).getByRole('status')).toHaveTextContent('Lowered 2 of 3 · 1 failed');
  expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const failures = within(dialog).getByRole('region', { name: 'Alerts not lowered' });
  const items = within(failures).getAllByRole('listitem');
  expect(items).toHaveLength(1);
  expect(items[0]).toHaveTextContent(`${nameOf(failing!)} (${failing!.student.identifier})`);
  expect(items[0]).toHaveTextContent(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(failing!.createdOn)));
  expect(items[0]).toHaveTextContent('The service is unavailable.');
  await waitFor(() =>
    expect(
      within(dialog)
        .getByText(/1 alert was not lowered\. Your comment is kept\./)
        .closest('[tabindex="-1"]'),
    ).toHaveFocus(),
  );
  // The comment is still there, on screen and in its draft.
  expect(why).toHaveValue('Term review: all followed up.');
  await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toContain('Term review'));
  // The rows changed in place: from the cache, the two lowered ones (the lowered one skipped was never sent).
  expect(row(first!.id)).toHaveTextContent('Lowered');
  expect(row(third!.id)).toHaveTextContent('Lowered');
  expect(row(failing!.id)).toHaveTextContent('Open');
  expect(posts.of(lowered.id)).toBe(0);
  expect(onFinished).toHaveBeenCalledTimes(1);
  expect(onFinished.mock.lastCall![0].outcomes.get(failing!.id)).toMatchObject({ status: 'failed', reason: 'The service is unavailable.' });

  down = false;
  const sentBefore = posts.posts.length;
  await user.click(within(dialog).getByRole('button', { name: 'Retry failed (1)' }));
  expect(await within(dialog).findByText('3 alerts lowered.')).toBeInTheDocument();
  expect(posts.posts.slice(sentBefore)).toEqual([failing!.id]);
  expect([posts.of(first!.id), posts.of(failing!.id), posts.of(third!.id)]).toEqual([1, 2, 1]);
  expect(within(dialog).getByRole('status')).toHaveTextContent('Lowered 3 of 3');
  expect(within(dialog).queryByRole('button', { name: /retry/i })).toBeNull();
  expect(row(failing!.id)).toHaveTextContent('Lowered');
  expect(onFinished).toHaveBeenCalledTimes(2);
  expect(localStorage.getItem(DRAFT_KEY)).toBeNull();

  // The service agrees: each lowered by exactly one comment, the shared one.
  for (const alert of [first!, failing!, third!]) {
    expect((await api().alerts.get(alert.id)).status).toBe('Lowered');
    const lowering = (await api().alerts.comments(alert.id)).values.filter((c) => c.usedToLowerAlert);
    expect(lowering.map((c) => c.details)).toEqual(['Term review: all followed up.']);
  }

  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('an alert lowered by someone else meanwhile is said so and counts as lowered; the dialog cannot be closed while the writes run', async () => {
  const user = userEvent.setup();
  const [first, second, third] = await threeOpenAlerts(taken);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const posts = commentPosts((id) => (id === third!.id ? held : undefined));
  const { dialog, onClose } = await render([first!.id, second!.id, third!.id], posts.fetch);
  // Lowered by someone else after the queue was loaded: the queue still shows it Open.
  await api().alerts.addComment(second!.id, { createdBy: { identifier: 'E0002' }, details: 'Lowered elsewhere.', usedToLowerAlert: true });
  expect(dialog).toHaveAccessibleName('Lower 3 alerts');

  await user.type(within(dialog).getByRole('textbox', { name: /why are they lowered/i }), 'Resolved at the review.');
  await user.keyboard('{Control>}{Enter}{/Control}');
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Lowering…' })).toBeDisabled());
  expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
  await user.keyboard('{Escape}');
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Lowered 2 of 3'));

  release();
  expect(await within(dialog).findByText(/3 alerts lowered\. 1 of them was already lowered by someone else\./)).toBeInTheDocument();
  const already = within(dialog).getByRole('region', { name: 'Already lowered by someone else' });
  expect(within(already).getByRole('listitem')).toHaveTextContent(nameOf(second!));
  expect(row(second!.id)).toHaveTextContent('Lowered');
  const lowering = (await api().alerts.comments(second!.id)).values.filter((c) => c.usedToLowerAlert);
  expect(lowering.map((c) => c.details)).toEqual(['Lowered elsewhere.']);
  await user.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('a selection with no open alert has nothing to lower', async () => {
  const lowered = (await queue()).filter((alert) => alert.status === 'Lowered').slice(0, 2);
  const posts = commentPosts();
  const { dialog } = await render(
    lowered.map((alert) => alert.id),
    posts.fetch,
  );
  expect(dialog).toHaveAccessibleName('Lower alerts');
  expect(dialog).toHaveAccessibleDescription('None of the selected alerts is open: there is nothing to lower.');
  expect(within(dialog).getByText('2 selected alerts are not open and will be skipped.')).toBeInTheDocument();
  expect(within(dialog).queryByRole('textbox')).toBeNull();
  expect(within(dialog).queryByRole('button', { name: /^Lower/ })).toBeNull();
});

test('one alert is spoken of as one: which, whose, and "Why is it lowered?" (#31 item 10)', async () => {
  const user = userEvent.setup();
  const [only] = await threeOpenAlerts(taken);
  const posts = commentPosts();
  const { dialog } = await render([only!.id], posts.fetch);
  expect(dialog).toHaveAccessibleName('Lower 1 alert');
  // The app's one date format (#31 item 9), not the URL's yyyy-MM-dd.
  const day = formatDate(only!.createdOn);
  expect(dialog).toHaveAccessibleDescription(
    new RegExp(`^The comment is added to ${nameOf(only!)}’s \\(${only!.student.identifier}\\) alert of ${day}.*, and lowers it: “`),
  );
  expect(dialog).not.toHaveAccessibleDescription(/each alert|students/);
  const why = within(dialog).getByRole('textbox', { name: /^why is it lowered\?/i });
  expect(why).toHaveAccessibleDescription(/Added to the alert\. Ctrl\+Enter lowers it\./);
  await user.type(why, 'Spoke with the student; resolved.');
  await user.click(within(dialog).getByRole('button', { name: 'Lower 1 alert' }));
  expect(await within(dialog).findByText('1 alert lowered.')).toBeInTheDocument();
  expect(posts.posts).toEqual([only!.id]);
});
