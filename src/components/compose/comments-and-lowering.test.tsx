// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { useApi } from '../../queries/api-context.tsx';
import { toastBus } from '../toasts.tsx';
import { renderApp } from '../../testing/render-app.tsx';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { alertQueries } from '../../queries/alerts.ts';
import { updateQueries } from '../../queries/notations.ts';
import { CommentBox } from './comment-box.tsx';
import { LowerAlertButton } from './lower-alert-button.tsx';

const STUDENT = 'S000001';

const { backend, api } = setupTestBackend({ cleanup: true, clearStorage: true, restoreMocks: true });

function render(element: ReactNode, fetchImpl?: typeof fetch) {
  return renderApp({ routes: [{ path: '/s/:id', element }], url: `/s/${STUDENT}`, backend: backend(), ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}

async function openAlertsOf(student: string) {
  const alerts = await api().alerts.listAll({ identifiers: [student] });
  return alerts.values.filter((alert) => alert.status === 'Open');
}

/** The alert's status as the cache shows it (the alerts query layer's detail key). */
function AlertStatus({ alertId }: { alertId: number }) {
  const alert = useQuery(alertQueries.detail(useApi(), alertId));
  return <p data-testid="status">{alert.data?.status ?? '…'}</p>;
}

/** The update's comments as the cache shows them. */
function UpdateComments({ updateId }: { updateId: number }) {
  const comments = useQuery(updateQueries.comments(useApi(), updateId));
  return (
    <ul aria-label="Comments">
      {comments.data?.values.map((comment) => (
        <li key={comment.id}>{comment.details}</li>
      ))}
    </ul>
  );
}

const conflictOnce = () => {
  const state = { calls: 0 };
  const wrapped = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST' && String(input).includes('/comments')) state.calls += 1;
    return fetch(input, init);
  }) as typeof fetch;
  return { fetch: wrapped, state };
};

test('a comment on an update is added, shows in its comments, and the box resets', async () => {
  const user = userEvent.setup();
  const toast = vi.spyOn(toastBus, 'show');
  const update = (await api().updates.list({ identifiers: [STUDENT], pageSize: 1 })).values[0]!;
  await render(
    <>
      <CommentBox kind="update" notationId={update.id} student={STUDENT} />
      <UpdateComments updateId={update.id} />
    </>,
  );
  const comment = screen.getByRole('textbox', { name: /comment/i });
  expect(screen.getByRole('form', { name: 'Comment on this update' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Add comment' }));
  expect(comment).toHaveAccessibleDescription(/cannot be blank/);

  await user.type(comment, 'Followed up by email.');
  await user.keyboard('{Control>}{Enter}{/Control}');
  await waitFor(() => expect(toast).toHaveBeenCalledWith('Comment added', 'success'));
  await waitFor(() => expect(within(screen.getByRole('list', { name: 'Comments' })).getByText('Followed up by email.')).toBeInTheDocument());
  const comments = await api().updates.comments(update.id, { expand: ['createdBy'] });
  expect(comments.values.at(-1)).toMatchObject({ details: 'Followed up by email.', usedToLowerAlert: false });
  expect(comments.values.at(-1)!.createdBy.identifier).toBe('E0001');
  expect(comment).toHaveValue('');
  expect(comment).toHaveFocus();
});

test('a comment draft is kept per notation across a reload and a failed save', async () => {
  const user = userEvent.setup();
  const toast = vi.spyOn(toastBus, 'show');
  const [alert] = await openAlertsOf(STUDENT);
  const key = `draft:comment:alert:${STUDENT}:${alert!.id}`;
  let fail = true;
  const failing = ((input: RequestInfo | URL, init?: RequestInit) =>
    fail && init?.method === 'POST'
      ? Promise.resolve(
          new Response(JSON.stringify({ type: 'about:blank', title: 'Bad Gateway', status: 502, detail: 'The upstream service did not answer.' }), {
            status: 502,
            headers: { 'content-type': 'application/problem+json' },
          }),
        )
      : fetch(input, init)) as typeof fetch;

  const first = await render(<CommentBox kind="alert" notationId={alert!.id} student={STUDENT} />, failing);
  await user.type(screen.getByRole('textbox', { name: /comment/i }), 'Called the student.');
  await user.click(screen.getByRole('button', { name: 'Add comment' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The upstream service did not answer.');
  await waitFor(() => expect(localStorage.getItem(key)).toContain('Called the student.'));
  first.unmount();

  await render(<CommentBox kind="alert" notationId={alert!.id} student={STUDENT} />, failing);
  expect(screen.getByRole('textbox', { name: /comment/i })).toHaveValue('Called the student.');
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Add comment' }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('Comment added', 'success'));
  expect(localStorage.getItem(key)).toBeNull();
  const comments = await api().alerts.comments(alert!.id);
  expect(comments.values.at(-1)).toMatchObject({ details: 'Called the student.', usedToLowerAlert: false });
  expect((await api().alerts.get(alert!.id)).status).toBe('Open');
});

test('lowering requires a comment, then lowers the alert and shows it Lowered', async () => {
  const user = userEvent.setup();
  const toast = vi.spyOn(toastBus, 'show');
  const [, alert] = await openAlertsOf(STUDENT);
  expect(alert).toBeDefined();
  const posts = conflictOnce();
  await render(
    <>
      <LowerAlertButton alertId={alert!.id} student={STUDENT} />
      <AlertStatus alertId={alert!.id} />
    </>,
    posts.fetch,
  );
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('Open'));
  const opener = screen.getByRole('button', { name: 'Lower alert' });
  await user.click(opener);

  const dialog = await screen.findByRole('dialog', { name: 'Lower this alert' });
  expect(dialog).toHaveAccessibleDescription(/lowered by a comment/);
  const why = within(dialog).getByRole('textbox', { name: /why is it lowered/i });
  expect(why).toHaveFocus();
  expect(why).toBeRequired();

  // No comment, no lowering.
  await user.click(within(dialog).getByRole('button', { name: 'Lower alert' }));
  expect(why).toHaveAccessibleDescription(/cannot be blank/);
  expect(why).toHaveFocus();
  expect(posts.state.calls).toBe(0);
  expect((await api().alerts.get(alert!.id)).status).toBe('Open');

  await user.type(why, 'Attendance is back to normal.');
  await user.click(within(dialog).getByRole('button', { name: 'Lower alert' }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('Alert lowered', 'success'));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByTestId('status')).toHaveTextContent('Lowered');
  expect(opener).toHaveFocus();
  expect((await api().alerts.get(alert!.id)).status).toBe('Lowered');
  const comments = await api().alerts.comments(alert!.id);
  expect(comments.values.at(-1)).toMatchObject({ details: 'Attendance is back to normal.', usedToLowerAlert: true });
  expect(localStorage.getItem(`draft:lower:${STUDENT}:${alert!.id}`)).toBeNull();
});

test('an alert lowered meanwhile: "This alert was already lowered", the alert is refreshed, the comment kept', async () => {
  const user = userEvent.setup();
  const toast = vi.spyOn(toastBus, 'show');
  const [, , alert] = await openAlertsOf(STUDENT);
  await render(
    <>
      <LowerAlertButton alertId={alert!.id} student={STUDENT} />
      <AlertStatus alertId={alert!.id} />
    </>,
  );
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('Open'));
  // Someone else lowers it.
  await api().alerts.addComment(alert!.id, { createdBy: { identifier: 'E0002' }, details: 'Lowered elsewhere.', usedToLowerAlert: true });

  await user.click(screen.getByRole('button', { name: 'Lower alert' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByRole('textbox', { name: /why is it lowered/i }), 'Resolved.');
  await user.keyboard('{Control>}{Enter}{/Control}');

  const message = await within(dialog).findByText(/This alert was already lowered/);
  await waitFor(() => expect(message.closest('[role="alert"]')).toHaveFocus());
  expect(within(dialog).getByRole('textbox', { name: /why is it lowered/i })).toHaveValue('Resolved.');
  expect(within(dialog).getByRole('button', { name: 'Lower alert' })).toBeDisabled();
  expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull();
  // Refreshed: the truth from the service.
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('Lowered'));
  expect(toast).toHaveBeenCalledWith('This alert was already lowered', 'info');
  expect(toast).not.toHaveBeenCalledWith('Alert lowered', 'success');

  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test('Escape closes the lowering dialog and the draft comes back when it opens again', async () => {
  const user = userEvent.setup();
  const [, , , alert] = await openAlertsOf(STUDENT);
  await render(<LowerAlertButton alertId={alert!.id} student={STUDENT} />);
  await user.click(screen.getByRole('button', { name: 'Lower alert' }));
  await user.type(within(await screen.findByRole('dialog')).getByRole('textbox', { name: /why is it lowered/i }), 'Not sure yet');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByRole('button', { name: 'Lower alert' })).toHaveFocus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('textbox', { name: /why is it lowered/i })).toHaveValue('Not sure yet');
  await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
  expect(within(dialog).getByRole('textbox', { name: /why is it lowered/i })).toHaveValue('');
  expect((await api().alerts.get(alert!.id)).status).toBe('Open');
});

test('on a timeline that offers the button on open alerts only, lowering is still confirmed and its draft goes', async () => {
  const user = userEvent.setup();
  const toast = vi.spyOn(toastBus, 'show');
  const [, , , , alert] = await openAlertsOf(STUDENT);
  function Row({ alertId }: { alertId: number }) {
    const shown = useQuery(alertQueries.detail(useApi(), alertId));
    if (!shown.data) return null;
    return shown.data.status === 'Open' ? <LowerAlertButton alertId={alertId} student={STUDENT} /> : <p>Lowered</p>;
  }
  await render(<Row alertId={alert!.id} />);
  await user.click(await screen.findByRole('button', { name: 'Lower alert' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByRole('textbox', { name: /why is it lowered/i }), 'Back on track.');
  await user.click(within(dialog).getByRole('button', { name: 'Lower alert' }));
  // Optimistic: the row shows Lowered (and drops the button with its dialog) before the write ends.
  expect(await screen.findByText('Lowered')).toBeInTheDocument();
  await waitFor(() => expect(toast).toHaveBeenCalledWith('Alert lowered', 'success'));
  expect(localStorage.getItem(`draft:lower:${STUDENT}:${alert!.id}`)).toBeNull();
  expect((await api().alerts.get(alert!.id)).status).toBe('Lowered');
});
