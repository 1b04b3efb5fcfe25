// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render-app.tsx';
import { notFoundFor } from '../../testing/not-found-for.ts';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { TriggersAdminPage } from './triggers-admin-page.tsx';
import { ApplyTriggerPage } from './apply-trigger-page.tsx';

const { backend, api } = setupTestBackend({ cleanup: true });
const routes = [
  { path: '/admin/triggers', element: <TriggersAdminPage /> },
  { path: '/admin/triggers/:id', element: <p>trigger page</p> },
];

/** A real upstream without the extension: the trigger list answers 404, everything else passes. */
const withoutExtensions = notFoundFor(/\/notations\/triggers\/$/);

describe('TriggersAdminPage', () => {
  it('lists every trigger and searches them', async () => {
    const user = userEvent.setup();
    const all = (await api().triggers.list()).values;
    await renderApp({ routes, url: '/admin/triggers', backend: backend() });
    expect(await screen.findByRole('heading', { name: `${all.length} of ${all.length} triggers` }, { timeout: 15_000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search triggers'), all[0]!.name);
    expect(screen.getByRole('link', { name: all[0]!.name })).toHaveAttribute('href', `/admin/triggers/${all[0]!.id}`);
  });

  it('without the triggers extension: opens a trigger by id', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp({ routes, url: '/admin/triggers', backend: backend(), fetch: withoutExtensions });
    expect(await screen.findByText('This service does not list its triggers. Open one by its id.', {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Trigger id'), '4');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/triggers/4'));
  });
});

describe('ApplyTriggerPage preview', () => {
  const applyRoutes = [{ path: '/admin/triggers/:id/apply', element: <ApplyTriggerPage /> }];

  it('speaks of one student as one, and of two as "each of these 2 students"', async () => {
    const user = userEvent.setup();
    const [first, second] = (await api().people.list({ role: 'Student', pageSize: 2 })).values;
    await renderApp({ routes: applyRoutes, url: '/admin/triggers/1/apply', backend: backend() });
    const field = await screen.findByLabelText('Student identifiers', {}, { timeout: 15_000 });
    await user.type(field, first!.identifier);
    await user.click(screen.getByRole('button', { name: 'Check and preview' }));
    expect(await screen.findByTestId('preview-summary', {}, { timeout: 15_000 })).toHaveTextContent(/^This student will get exactly this notation:$/);
    await user.type(field, `, ${second!.identifier}`);
    await user.click(screen.getByRole('button', { name: 'Check and preview' }));
    await waitFor(() => expect(screen.getByTestId('preview-summary')).toHaveTextContent(/^Each of these 2 students will get exactly this notation:$/), {
      timeout: 15_000,
    });
  });
});
