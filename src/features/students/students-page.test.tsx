// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render-app.tsx';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { StudentsPage } from './students-page.tsx';

const routes = [
  { path: '/students', element: <StudentsPage /> },
  { path: '/students/:identifier', element: <p>Student page</p> },
];

const { backend } = setupTestBackend({ cleanup: true });

/** The students page on the test backend, and its search box once it shows. */
async function openStudentsPage() {
  const { router } = await renderApp({ routes, url: '/students', backend: backend() });
  return { router, search: await screen.findByRole('combobox', { name: 'Find a student by name, identifier or email' }) };
}

describe('StudentsPage', () => {
  it('takes no focus on load and offers one way to open a student', async () => {
    const { search } = await openStudentsPage();
    // No keyboard popping up on a phone.
    expect(search).not.toHaveFocus();
    expect(document.activeElement?.tagName).not.toBe('INPUT');
    expect(screen.queryByRole('button', { name: 'Open' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Student identifier' })).not.toBeInTheDocument();
  });

  it('opens a typed identifier on Enter, in the case the service spells it', async () => {
    const user = userEvent.setup();
    const { router, search } = await openStudentsPage();
    await user.type(search, 's000001');
    // The search finds the one student; Enter opens them under their identifier.
    await screen.findByRole('option', { name: /S000001/ }, { timeout: 10_000 });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/students/S000001'));
  });

  it('Enter opens what is typed now, never a suggestion left from earlier text (#31 item 2)', async () => {
    const user = userEvent.setup();
    const { router, search } = await openStudentsPage();
    await user.type(search, 'S000001');
    await screen.findByRole('option', { name: /S000001/ }, { timeout: 10_000 });
    await user.clear(search);
    await user.type(search, 'S000005');
    // The earlier suggestion is gone at once, before the new search has answered.
    expect(screen.queryByRole('option', { name: /S000001/ })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/students/S000005'));
  });

  it('labels the open-alert count with its window, in the student page’s words', async () => {
    await renderApp({ routes, url: '/students', backend: backend() });
    expect(await screen.findByTestId('ranking-window')).toHaveTextContent(
      /^Open alerts raised from [A-Z][a-z]{2} \d{1,2}, \d{4} to [A-Z][a-z]{2} \d{1,2}, \d{4} \(the last 90 days\)\.$/,
    );
    // The test backend's data may hold no alert that recent: then it says so, and counts nothing.
    await waitFor(
      () =>
        expect(
          screen.queryByRole('list', { name: 'Students with the most open alerts' }) ?? screen.getByText('No open alerts in this period.'),
        ).toBeInTheDocument(),
      { timeout: 15_000 },
    );
    const list = screen.queryByRole('list', { name: 'Students with the most open alerts' });
    if (list) expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/\d+ open alerts?$/);
  });
});
