// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render-app.tsx';
import { notFoundFor } from '../../testing/not-found-for.ts';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { CategoriesAdminPage } from './categories-admin-page.tsx';

const { backend, api } = setupTestBackend({ cleanup: true });
const routes = [{ path: '/admin/categories', element: <CategoriesAdminPage /> }];

/** A real upstream without the extension: the category list answers 404, everything else passes. */
const withoutExtensions = notFoundFor(/\/notations\/categories\/$/);

describe('CategoriesAdminPage against the reference backend', () => {
  it('lists every category with the capacity, filters by state and search in the URL', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp({ routes, url: '/admin/categories?state=inactive', backend: backend() });
    expect(await screen.findByTestId('capacity', {}, { timeout: 15_000 })).toHaveTextContent('20 of 21 active');
    expect(screen.getByRole('progressbar', { name: 'Active categories' })).toHaveAttribute('aria-valuetext', '20 of 21 active');
    expect(screen.getByRole('heading', { name: '10 of 30 categories' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search categories'), 'poor');
    await waitFor(() => expect(screen.getByRole('heading', { name: '1 of 30 categories' })).toBeInTheDocument());
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('poor');
    // Sort by name, descending, from the keyboard.
    await user.clear(screen.getByLabelText('Search categories'));
    screen.getByRole('button', { name: 'Name' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('dir')).toBe('desc'));
    const rows = within(screen.getByRole('table', { name: '10 of 30 categories' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Tardiness');
  });

  it('without the categories extension: says so, offers editing by id, and the edit reaches the service', async () => {
    const user = userEvent.setup();
    await renderApp({ routes, url: '/admin/categories', backend: backend(), fetch: withoutExtensions });
    expect(await screen.findByText(/This service does not list its categories/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Categories seen on loaded notations' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Category id'), '30');
    await user.type(screen.getByLabelText('Name'), 'Math Placement Review');
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Category 30 is now “Math Placement Review”, inactive/)).toBeInTheDocument();
    expect(await api().categories.get(30)).toMatchObject({ name: 'Math Placement Review', isActive: false });
    await api().categories.edit(30, { name: 'Math Placement Concern', isActive: false });
  });
});
