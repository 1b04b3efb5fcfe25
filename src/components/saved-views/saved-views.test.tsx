// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Hono } from 'hono';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SavedView } from '../../api/saved-views.ts';
import { AlertTriagePage } from '../../features/alerts/triage/alert-triage-page.tsx';
import { gatewayInFront, sameOriginFetch } from '../../testing/gateway-in-front.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';

/**
 * #32 item 4 on the triage: "Saved views" keeps the page's filters under a name in the real
 * gateway (in front of the real reference backend), opens them again, renames and deletes them.
 * The app's own /session/* requests go to the gateway as the browser's same-origin ones would.
 */
const { backend } = setupTestBackend({ cleanup: true });
const routes = [{ path: '/alerts', element: <AlertTriagePage /> }];
const FILTERS = '?from=2026-05-01&to=2026-05-31&status=all';
let gateway: Hono;
let cookie = '';

beforeAll(async () => {
  const inFront = gatewayInFront(backend());
  gateway = inFront.gateway;
  cookie = await inFront.signin.cookieFor('E0002', ['success-staff']);
});

function stubSameOrigin() {
  vi.stubGlobal(
    'fetch',
    sameOriginFetch(gateway, backend().origin, () => cookie),
  );
}
afterEach(() => vi.unstubAllGlobals());

const stored = async () =>
  ((await (await gateway.request(`${backend().origin}/session/views?page=alerts`, { headers: { cookie } })).json()) as { values: SavedView[] }).values;

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Saved views' }, { timeout: 15_000 }));
  return screen.findByRole('menu', {}, { timeout: 10_000 });
}

describe('saved views on the triage', () => {
  it('saves the current filters under a name, refuses an empty or taken name, and opens the view again', async () => {
    stubSameOrigin();
    const user = userEvent.setup();
    const { router } = await renderApp({ routes, url: `/alerts${FILTERS}&alert=1`, backend: backend(), signedInAs: 'E0002' });
    let menu = await openMenu(user);
    expect(await within(menu).findByText('No saved views of this page yet')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Save current view…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save current view' }, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('Give the view a name')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'May, every status');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The open drawer (`alert`) is where the person was, not a filter: it is not kept.
    expect(await stored()).toEqual([expect.objectContaining({ name: 'May, every status', query: FILTERS, owner: 'E0002' })]);

    menu = await openMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Save current view…' }));
    const again = await screen.findByRole('dialog', { name: 'Save current view' }, { timeout: 10_000 });
    await user.type(within(again).getByRole('textbox', { name: 'Name' }), 'May, every status');
    await user.click(within(again).getByRole('button', { name: 'Save view' }));
    expect(await within(again).findByText('You already have a view called "May, every status" on this page; choose another name.')).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Open alerts only, then the saved view (every status): its summary says which is shown.
    await router.navigate('/alerts?from=2026-05-01&to=2026-05-31');
    const counts = () => /^Showing ([\d,]+) of ([\d,]+) alerts created/.exec(screen.getByTestId('triage-summary').textContent ?? '');
    await waitFor(() => expect(counts()?.[1]).not.toBe(counts()?.[2]), { timeout: 15_000 });
    menu = await openMenu(user);
    await user.click(await within(menu).findByRole('menuitem', { name: 'May, every status' }));
    await waitFor(() => expect(router.state.location.search).toBe(FILTERS));
    await waitFor(() => expect(counts()?.[1]).toBe(counts()?.[2]), { timeout: 15_000 });
  }, 60_000);

  it('renames and deletes a view from the list, with the keyboard', async () => {
    stubSameOrigin();
    const user = userEvent.setup();
    await renderApp({ routes, url: `/alerts${FILTERS}`, backend: backend(), signedInAs: 'E0002' });
    const menu = await openMenu(user);
    await within(menu).findByRole('menuitem', { name: 'May, every status' });
    within(menu).getByRole('menuitem', { name: 'Rename, delete or share…' }).focus();
    await user.keyboard('{Enter}');

    const manage = await screen.findByRole('dialog', { name: 'Your views of the triage' }, { timeout: 10_000 });
    const row = await within(manage).findByTestId('saved-view-row');
    expect(row).toHaveTextContent(`May, every status/alerts${FILTERS}`);
    await user.click(within(row).getByRole('button', { name: 'Rename May, every status' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename view' }, { timeout: 10_000 });
    const field = within(rename).getByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('May, every status');
    await user.clear(field);
    await user.type(field, 'May{Enter}');
    const renamed = await screen.findByRole('dialog', { name: 'Your views of the triage' }, { timeout: 10_000 });
    await waitFor(() => expect(within(renamed).getByTestId('saved-view-row')).toHaveTextContent(/^May\/alerts/));
    expect(await stored()).toEqual([expect.objectContaining({ name: 'May', query: FILTERS })]);

    await user.click(within(renamed).getByRole('button', { name: 'Delete May' }));
    await user.click(within(renamed).getByRole('button', { name: 'Delete' }));
    expect(await within(renamed).findByText('No saved views of this page.')).toBeInTheDocument();
    expect(await stored()).toEqual([]);
  }, 60_000);
});
