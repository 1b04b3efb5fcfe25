// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { expect, test, vi } from 'vitest';
import { useApi } from '../../queries/api-context.tsx';
import { currentPath } from '../../queries/session.ts';
import { markSessionEnded, resetSessionEndedNote } from '../../queries/session-events.ts';
import { toastBus } from '../toasts.tsx';
import { renderApp } from '../../testing/render-app.tsx';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { updateQueries } from '../../queries/notations.ts';
import { AlertComposer, UpdateComposer } from './notation-composer.tsx';
import { WriteSection } from './write-section.tsx';

const STUDENT = 'S000002';
const DRAFT_KEY = `draft:update:${STUDENT}`;

const { backend, api } = setupTestBackend({ cleanup: true, clearStorage: true, restoreMocks: true });

/** The student's newest updates, as the timeline would show them (same query layer keys). */
function NewestUpdates() {
  const updates = useQuery(updateQueries.list(useApi(), { identifiers: [STUDENT], pageSize: 3 }));
  return (
    <ul aria-label="Newest updates">
      {updates.data?.values.map((update) => (
        <li key={update.id}>{update.details}</li>
      ))}
    </ul>
  );
}

function renderComposer(options: { fetch?: typeof fetch; withList?: boolean } = {}) {
  return renderApp({
    routes: [
      {
        path: '/s/:id',
        element: (
          <>
            <UpdateComposer student={STUDENT} />
            {options.withList && <NewestUpdates />}
          </>
        ),
      },
    ],
    url: `/s/${STUDENT}`,
    backend: backend(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** A fetch that answers the next `count` POSTs of updates with `answer`, and passes everything else on. */
function failingPosts(answer: () => Promise<Response>, count = 1) {
  const state = { left: count, calls: 0 };
  const wrapped = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (init?.method === 'POST' && url.includes('/notations/updates/')) {
      state.calls += 1;
      if (state.left > 0) {
        state.left -= 1;
        return answer();
      }
    }
    return fetch(input, init);
  }) as typeof fetch;
  return { fetch: wrapped, state };
}

const problem = (status: number, body: Record<string, unknown>) =>
  Promise.resolve(
    new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, ...body }), {
      status,
      headers: { 'content-type': 'application/problem+json' },
    }),
  );

const details = () => screen.getByRole('textbox', { name: /details/i });
/** The details field of a form the write section has just opened (its code loads on demand). */
const openedDetails = () => screen.findByRole('textbox', { name: /details/i });
const storedDraft = () => JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Record<string, unknown> | null;

async function newestDetails(): Promise<string | undefined> {
  const page = await api().updates.list({ identifiers: [STUDENT], pageSize: 1 });
  return page.values[0]?.details;
}

test('every control is labelled', async () => {
  await renderComposer();
  expect(details()).toBeRequired();
  expect(screen.getByRole('radiogroup', { name: 'Audience' })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: /^Private/ })).toBeChecked();
  expect(screen.getByRole('radio', { name: /^All staff/ })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: /^Full success network/ })).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Visible to the student' })).not.toBeChecked();
  expect(screen.getByRole('combobox', { name: 'Categories' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Post update' })).toBeInTheDocument();
  expect(screen.getByText('0 / 10,000')).toBeInTheDocument();
});

test('posting an update creates it, shows it at the top without a reload, resets the form and returns focus', async () => {
  const user = userEvent.setup();
  const toast = vi.spyOn(toastBus, 'show');
  const categories = (await api().categories.list({ pageSize: 1000 })).values;
  const active = categories.filter((c) => c.isActive).sort((a, b) => a.name.localeCompare(b.name));
  const inactive = categories.find((c) => !c.isActive);
  await renderComposer({ withList: true });
  const list = screen.getByRole('list', { name: 'Newest updates' });
  await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0));

  await user.type(details(), '  Met about MATH 121: a study plan.  ');
  expect(screen.getByText('33 / 10,000')).toBeInTheDocument();
  await user.click(screen.getByRole('radio', { name: /^Full success network/ }));
  await user.click(screen.getByRole('switch', { name: 'Visible to the student' }));
  // Categories: only the active ones are offered, by name.
  await user.click(screen.getByRole('combobox', { name: 'Categories' }));
  const listbox = await screen.findByRole('listbox');
  expect(within(listbox).getAllByRole('option')).toHaveLength(active.length);
  if (inactive) expect(within(listbox).queryByRole('option', { name: inactive.name })).toBeNull();
  await user.click(within(listbox).getByRole('option', { name: active[0]!.name }));
  await user.click(screen.getByRole('combobox', { name: 'Categories' }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: active[1]!.name }));
  await user.keyboard('{Escape}');

  await user.click(screen.getByRole('button', { name: 'Post update' }));

  await waitFor(() => expect(toast).toHaveBeenCalledWith('Update posted', 'success'));
  const created = (await api().updates.list({ identifiers: [STUDENT], pageSize: 1, expand: ['categories', 'createdBy'] })).values[0]!;
  expect(created).toMatchObject({
    details: 'Met about MATH 121: a study plan.',
    audienceType: 'FullNetwork',
    canStudentView: true,
  });
  expect(created.createdBy.identifier).toBe('E0001');
  expect(created.categories.values.map((c) => c.id).sort()).toEqual([active[0]!.id, active[1]!.id].sort());
  // The timeline's list of the student was refetched: the new update is on top.
  await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Met about MATH 121: a study plan.'));
  // The form is reset, focus is back in the details, and no draft is left.
  expect(details()).toHaveValue('');
  expect(details()).toHaveFocus();
  expect(screen.getByRole('radio', { name: /^Private/ })).toBeChecked();
  expect(screen.getByRole('switch', { name: 'Visible to the student' })).not.toBeChecked();
  expect(screen.queryByRole('button', { name: active[0]!.name })).toBeNull();
  expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
});

test('Ctrl+Enter in the details posts', async () => {
  const user = userEvent.setup();
  const toast = vi.spyOn(toastBus, 'show');
  await renderComposer();
  await user.type(details(), 'Posted from the keyboard.');
  await user.keyboard('{Control>}{Enter}{/Control}');
  await waitFor(() => expect(toast).toHaveBeenCalledWith('Update posted', 'success'));
  expect(await newestDetails()).toBe('Posted from the keyboard.');
});

test('blank or too long details are refused before anything is sent', async () => {
  const user = userEvent.setup();
  const posts = failingPosts(() => problem(500, { detail: 'should not be called' }), 0);
  await renderComposer({ fetch: posts.fetch });
  await user.type(details(), '   ');
  await user.click(screen.getByRole('button', { name: 'Post update' }));
  expect(details()).toHaveAccessibleDescription(/cannot be blank/);
  expect(details()).toHaveAttribute('aria-invalid', 'true');
  expect(details()).toHaveFocus();

  // 10,001 code points (emoji are two UTF-16 units each, one character each).
  fireEvent.change(details(), { target: { value: '😀'.repeat(10_001) } });
  expect(details()).toHaveAccessibleDescription(/10,000 characters or fewer \(now 10,001\)/);
  await user.click(screen.getByRole('button', { name: 'Post update' }));
  fireEvent.change(details(), { target: { value: '😀'.repeat(10_000) } });
  expect(details()).toHaveAttribute('aria-invalid', 'false');
  expect(screen.getByText('10,000 / 10,000')).toBeInTheDocument();
  expect(posts.state.calls).toBe(0);
});

test('a draft restored after the session ended mid-post says it was not posted (#31 item 6)', async () => {
  const user = userEvent.setup();
  const first = await renderComposer();
  await user.type(details(), 'Met about the lab report');
  await waitFor(() => expect(storedDraft()).toMatchObject({ details: 'Met about the lab report' }));
  first.unmount();
  // The Post got a 401: the app marks where, and sends the browser to sign in; it comes back here.
  markSessionEnded(currentPath());
  resetSessionEndedNote();
  await renderComposer();
  expect(details()).toHaveValue('Met about the lab report');
  expect(
    screen.getByText('Your session had ended, so this was not posted. You are signed in again and your text is restored: post it again.'),
  ).toBeInTheDocument();
  expect(screen.queryByText('Your unsaved draft was restored.')).not.toBeInTheDocument();
  // Read once: a draft restored on a later page load is just a restored draft.
  cleanup();
  resetSessionEndedNote();
  await renderComposer();
  expect(screen.getByText('Your unsaved draft was restored.')).toBeInTheDocument();
});

test('a draft survives a reload (unmount, mount again) and "Discard draft" clears it', async () => {
  const user = userEvent.setup();
  const first = await renderComposer();
  await user.type(details(), 'Half-written note');
  await user.click(screen.getByRole('radio', { name: /^All staff/ }));
  await user.click(screen.getByRole('switch', { name: 'Visible to the student' }));
  await waitFor(() => expect(storedDraft()).toMatchObject({ details: 'Half-written note', audienceType: 'All', canStudentView: true }));
  first.unmount();

  await renderComposer();
  expect(details()).toHaveValue('Half-written note');
  expect(screen.getByRole('radio', { name: /^All staff/ })).toBeChecked();
  expect(screen.getByRole('switch', { name: 'Visible to the student' })).toBeChecked();
  expect(screen.getByText('Your unsaved draft was restored.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Discard draft' }));
  expect(details()).toHaveValue('');
  expect(details()).toHaveFocus();
  expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
});

test('a failed save says why, keeps the text (also across a reload), and Retry posts and clears the draft', async () => {
  const user = userEvent.setup();
  const toast = vi.spyOn(toastBus, 'show');
  const posts = failingPosts(() => problem(500, { title: 'Internal Server Error', detail: 'Something broke on our side. Correlation id c-123.' }));
  const first = await renderComposer({ fetch: posts.fetch });
  await user.type(details(), 'Text that must not be lost');
  await user.click(screen.getByRole('button', { name: 'Post update' }));

  const failure = await screen.findByRole('alert');
  expect(failure).toHaveTextContent('The update was not posted. Your text is kept.');
  expect(failure).toHaveTextContent('Something broke on our side. Correlation id c-123.');
  await waitFor(() => expect(failure).toHaveFocus());
  expect(details()).toHaveValue('Text that must not be lost');
  expect(toast).not.toHaveBeenCalled();
  await waitFor(() => expect(storedDraft()).toMatchObject({ details: 'Text that must not be lost' }));

  // Reload after the failure: the text is still there.
  first.unmount();
  await renderComposer({ fetch: posts.fetch });
  expect(details()).toHaveValue('Text that must not be lost');
  await user.click(screen.getByRole('button', { name: 'Post update' }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('Update posted', 'success'));
  expect(await newestDetails()).toBe('Text that must not be lost');
  expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
});

test('Retry in the failure message posts again', async () => {
  const user = userEvent.setup();
  const toast = vi.spyOn(toastBus, 'show');
  const posts = failingPosts(() => Promise.reject(new TypeError('fetch failed')));
  await renderComposer({ fetch: posts.fetch });
  await user.type(details(), 'Posted on the second try');
  await user.click(screen.getByRole('button', { name: 'Post update' }));
  const failure = await screen.findByRole('alert');
  expect(failure).toHaveTextContent('could not reach the server');
  await user.click(within(failure).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('Update posted', 'success'));
  expect(posts.state.calls).toBe(2);
  expect(await newestDetails()).toBe('Posted on the second try');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
});

test('the submit button is disabled and says "Posting…" while the save runs', async () => {
  const user = userEvent.setup();
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const posts = failingPosts(async () => {
    await gate;
    return problem(503, { detail: 'Try again later.' });
  });
  await renderComposer({ fetch: posts.fetch });
  await user.type(details(), 'Slow save');
  await user.click(screen.getByRole('button', { name: 'Post update' }));
  const pending = await screen.findByRole('button', { name: 'Posting…' });
  expect(pending).toBeDisabled();
  await user.keyboard('{Control>}{Enter}{/Control}');
  release();
  expect(await screen.findByRole('alert')).toHaveTextContent('Try again later.');
  expect(posts.state.calls).toBe(1);
  expect(screen.getByRole('button', { name: 'Post update' })).toBeEnabled();
});

test('the field errors of a 400 show in place, beside their fields', async () => {
  const user = userEvent.setup();
  const posts = failingPosts(() =>
    problem(400, {
      title: 'Bad Request',
      detail: 'The request body is not valid.',
      errors: [
        { in: 'body', name: 'details', message: 'must not contain that word' },
        { in: 'body', name: 'audienceType', message: 'must be one of Private, All, FullNetwork' },
        { in: 'body', name: 'student.identifier', message: 'no student has the identifier S000002' },
      ],
    }),
  );
  await renderComposer({ fetch: posts.fetch });
  await user.type(details(), 'A forbidden word');
  await user.click(screen.getByRole('button', { name: 'Post update' }));

  const failure = await screen.findByRole('alert');
  expect(failure).toHaveTextContent('The request body is not valid.');
  expect(failure).toHaveTextContent('student.identifier: no student has the identifier S000002');
  expect(details()).toHaveAccessibleDescription(/Must not contain that word\./);
  expect(details()).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(details()).toHaveFocus());
  expect(screen.getByRole('radiogroup', { name: 'Audience' })).toHaveAccessibleDescription('Must be one of Private, All, FullNetwork.');
  expect(details()).toHaveValue('A forbidden word');

  // Editing a field takes its server error away.
  await user.type(details(), '!');
  expect(details()).not.toHaveAccessibleDescription(/Must not contain/);
});

test('a category that is no longer active: refused by the client, and by the service with the error on the categories field', async () => {
  const user = userEvent.setup();
  const inactive = (await api().categories.list({ pageSize: 1000 })).values.find((c) => !c.isActive)!;
  expect(inactive).toBeDefined();
  // A draft from before the category was deactivated.
  localStorage.setItem(
    DRAFT_KEY,
    JSON.stringify({ details: 'Old draft', audienceType: 'All', canStudentView: false, categories: [{ id: inactive.id, name: inactive.name }] }),
  );
  await renderComposer();
  const categories = screen.getByRole('combobox', { name: 'Categories' });
  expect(screen.getByRole('button', { name: inactive.name })).toBeInTheDocument();
  // Said as soon as the active categories are known, before any submit.
  await waitFor(() => expect(categories).toHaveAccessibleDescription(`${inactive.name} is no longer active: remove it.`));
  await user.click(screen.getByRole('button', { name: 'Post update' }));
  expect(categories).toHaveFocus();
  expect(categories).toHaveAttribute('aria-invalid', 'true');
  cleanup();

  // Forged past the client (the category list did not load): the service names `categories[0].id`.
  const noCategoryList = ((input: RequestInfo | URL, init?: RequestInit) =>
    String(input).includes('/notations/categories/') && init?.method !== 'POST'
      ? problem(503, { detail: 'Categories unavailable' })
      : fetch(input, init)) as typeof fetch;
  await renderComposer({ fetch: noCategoryList });
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Categories' })).toHaveAccessibleDescription(/could not be loaded/), { timeout: 10_000 });
  await user.click(screen.getByRole('button', { name: 'Post update' }));
  const failure = await screen.findByRole('alert');
  expect(failure).toHaveTextContent('The update was not posted.');
  expect(screen.getByRole('combobox', { name: 'Categories' })).toHaveAccessibleDescription(`${inactive.name}: category ${inactive.id} is not active.`);
  expect(details()).toHaveValue('Old draft');
  expect(storedDraft()).toMatchObject({ details: 'Old draft' });
});

test('the alert composer offers only All and Full network, and posts an alert', async () => {
  const user = userEvent.setup();
  const toast = vi.spyOn(toastBus, 'show');
  await renderApp({ routes: [{ path: '/s/:id', element: <AlertComposer student={STUDENT} /> }], url: `/s/${STUDENT}`, backend: backend() });
  expect(screen.queryByRole('radio', { name: /^Private/ })).toBeNull();
  expect(screen.getByRole('radio', { name: /^All staff/ })).toBeChecked();
  await user.type(screen.getByRole('textbox', { name: /details/i }), 'Missed three classes in a row.');
  await user.click(screen.getByRole('radio', { name: /^Full success network/ }));
  await waitFor(() => expect(JSON.parse(localStorage.getItem(`draft:alert:${STUDENT}`) ?? 'null')).toMatchObject({ audienceType: 'FullNetwork' }));
  await user.click(screen.getByRole('button', { name: 'Post alert' }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('Alert posted', 'success'));
  const alert = (await api().alerts.list({ identifiers: [STUDENT], pageSize: 1 })).values[0]!;
  expect(alert).toMatchObject({ details: 'Missed three classes in a row.', audienceType: 'FullNetwork', status: 'Open', canStudentView: false });
  expect(localStorage.getItem(`draft:alert:${STUDENT}`)).toBeNull();
});

test('a save that succeeds after the page was left still removes the draft (the text does not come back)', async () => {
  const user = userEvent.setup();
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const slow = ((input: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'POST' ? gate.then(() => fetch(input, init)) : fetch(input, init)) as typeof fetch;
  const view = await renderComposer({ fetch: slow });
  await user.type(details(), 'Saved while leaving the page');
  await user.click(screen.getByRole('button', { name: 'Post update' }));
  expect(await screen.findByRole('button', { name: 'Posting…' })).toBeDisabled();
  expect(details()).toHaveAttribute('readonly');
  view.unmount(); // the page is left: the draft is written at once
  expect(storedDraft()).toMatchObject({ details: 'Saved while leaving the page' });
  release();
  await waitFor(async () => expect(await newestDetails()).toBe('Saved while leaving the page'));
  await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());

  await renderComposer();
  expect(details()).toHaveValue('');
});

test('another student is another form: its own draft', async () => {
  const user = userEvent.setup();
  localStorage.setItem('draft:update:S000003', JSON.stringify({ details: 'For S000003', audienceType: 'All', canStudentView: false, categories: [] }));
  function StudentComposer() {
    const { id } = useParams();
    return <UpdateComposer student={id!} />;
  }
  const { router } = await renderApp({ routes: [{ path: '/s/:id', element: <StudentComposer /> }], url: `/s/${STUDENT}`, backend: backend() });
  await user.type(details(), 'For S000002');
  await act(() => router.navigate('/s/S000003'));
  expect(details()).toHaveValue('For S000003');
  expect(screen.getByRole('radio', { name: /^All staff/ })).toBeChecked();
  expect(storedDraft()).toMatchObject({ details: 'For S000002' });
  await act(() => router.navigate(`/s/${STUDENT}`));
  expect(details()).toHaveValue('For S000002');
});

test('a 400 keeps the text with its field error and offers no Retry; a 503 keeps the text and offers Retry', async () => {
  const user = userEvent.setup();
  const toast = vi.spyOn(toastBus, 'show');
  const posts = failingPosts(() =>
    problem(400, { detail: 'The request body is not valid.', errors: [{ in: 'body', name: 'details', message: 'must not contain that word' }] }),
  );
  await renderComposer({ fetch: posts.fetch });
  await user.type(details(), 'Refused once');
  await user.click(screen.getByRole('button', { name: 'Post update' }));
  const refused = await screen.findByRole('alert');
  expect(refused).toHaveTextContent('The update was not posted. Your text is kept.');
  expect(within(refused).queryByRole('button', { name: 'Retry' })).toBeNull();
  expect(details()).toHaveAccessibleDescription(/Must not contain that word\./);
  expect(details()).toHaveValue('Refused once');
  cleanup();

  const unavailable = failingPosts(() => problem(503, { title: 'Service Unavailable', detail: 'Try again later.' }));
  await renderComposer({ fetch: unavailable.fetch });
  expect(details()).toHaveValue('Refused once');
  await user.click(screen.getByRole('button', { name: 'Post update' }));
  const failure = await screen.findByRole('alert');
  expect(failure).toHaveTextContent('Try again later.');
  expect(details()).toHaveValue('Refused once');
  await user.click(within(failure).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('Update posted', 'success'));
  expect(await newestDetails()).toBe('Refused once');
});

test('a collapse stands when the section is mounted again, though a draft waits', async () => {
  const user = userEvent.setup();
  const first = await renderApp({ routes: [{ path: '/s/:id', element: <WriteSection student={STUDENT} /> }], url: `/s/${STUDENT}`, backend: backend() });
  await user.click(screen.getByRole('button', { name: 'Write an update' }));
  await user.type(await openedDetails(), 'Kept across a remount');
  await user.click(screen.getByRole('button', { name: 'Collapse' }));
  first.unmount();
  await renderApp({ routes: [{ path: '/s/:id', element: <WriteSection student={STUDENT} /> }], url: `/s/${STUDENT}`, backend: backend() });
  expect(screen.queryByRole('textbox', { name: /details/i })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Write an update (draft kept)' }));
  expect(await openedDetails()).toHaveValue('Kept across a remount');
  await user.click(screen.getByRole('button', { name: 'Discard draft' }));
});

test('the write section collapses back to its openers, keeping the draft, and says so', async () => {
  const user = userEvent.setup();
  await renderApp({ routes: [{ path: '/s/:id', element: <WriteSection student={STUDENT} /> }], url: `/s/${STUDENT}`, backend: backend() });
  expect(screen.queryByRole('textbox', { name: /details/i })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Write an update' }));
  await user.type(await openedDetails(), 'Kept while collapsed');
  await user.click(screen.getByRole('button', { name: 'Collapse' }));

  expect(screen.queryByRole('textbox', { name: /details/i })).toBeNull();
  const opener = screen.getByRole('button', { name: 'Write an update (draft kept)' });
  await waitFor(() => expect(opener).toHaveFocus());
  expect(screen.getByRole('button', { name: 'Raise an alert' })).toBeInTheDocument();
  expect(storedDraft()).toMatchObject({ details: 'Kept while collapsed' });

  await user.click(opener);
  expect(await openedDetails()).toHaveValue('Kept while collapsed');
  await user.click(screen.getByRole('button', { name: 'Discard draft' }));
  await user.click(screen.getByRole('button', { name: 'Collapse' }));
  expect(screen.getByRole('button', { name: 'Write an update' })).toBeInTheDocument();
});
