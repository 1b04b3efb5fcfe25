// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Hono } from 'hono';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatewayInFront, sameOriginFetch, type DirectSignIn } from '../../testing/gateway-in-front.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { MyStudentsPage } from './my-students-page.tsx';

/**
 * #32 item 1 in the app: "My students" as the real gateway computes it in front of the real
 * reference backend — each row's reasons in words, another order on demand, the truth when the
 * gateway cannot answer.
 */
const { backend } = setupTestBackend({ cleanup: true });
let gateway: Hono;
let signin: DirectSignIn;
let cookie = '';
let failWith: number | undefined;

const routes = [{ path: '/', element: <MyStudentsPage /> }];

beforeAll(() => {
  ({ gateway, signin } = gatewayInFront(backend(), { access: { policy: 'relationship', recordsGroup: 'success-records', grantHours: 8 } }));
});

/** The app's same-origin requests to /session/* go to the gateway, with the person's cookie. */
function stubSameOrigin() {
  const failure = (status: number) =>
    new Response(JSON.stringify({ type: 'about:blank', status, title: 'Forbidden', detail: 'The gateway is restarting.' }), {
      status,
      headers: { 'content-type': 'application/problem+json' },
    });
  const failing = (url: string) => (failWith && url.startsWith('/session/my-students') ? failure(failWith) : undefined);
  vi.stubGlobal(
    'fetch',
    sameOriginFetch(gateway, backend().origin, () => cookie, failing),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
  failWith = undefined;
});

async function memberOf(student: string): Promise<string> {
  const admin = await signin.cookieFor('E0001', ['success-staff', 'success-records']);
  const response = await gateway.request(`${backend().origin}/api/people/${student}/successNetwork`, { headers: { cookie: admin } });
  const network = (await response.json()) as { values: { href: string }[] };
  return network.values[0]!.href.split('/').at(-1)!;
}

async function open(person: string, url = '/') {
  cookie = await signin.cookieFor(person, ['success-staff']);
  stubSameOrigin();
  return renderApp({ routes, url, backend: backend(), signedInAs: person });
}

describe('My students', () => {
  it('lists the person’s caseload with each row’s reasons in words, and sorts by name on demand', async () => {
    const user = userEvent.setup();
    const person = await memberOf('S000001');
    const { router } = await open(person);
    expect(screen.getByRole('heading', { level: 1, name: 'My students' })).toBeInTheDocument();
    expect(await screen.findByTestId('my-students-source', {}, { timeout: 20_000 })).toHaveTextContent(
      /^Your caseload: \d+ students? whose success networks? you are in\.$/,
    );
    const rows = screen.getAllByTestId('my-student');
    expect(rows.length).toBeGreaterThan(0);
    const first = rows[0]!;
    // Every reason is words a person reads; a row without one says so.
    const reasons = within(first)
      .queryAllByTestId('attention-reason')
      .map((r) => r.textContent);
    if (reasons.length === 0) expect(first).toHaveTextContent('No reason for attention');
    for (const text of reasons) expect(text).toMatch(/open alert|no comment|since your last visit|bottom \d+ %|no contact/);
    expect(within(first).getByRole('button', { name: /^(Follow|Stop following) / })).toBeInTheDocument();

    await user.click(screen.getByLabelText('Sort by'));
    await user.click(await screen.findByRole('option', { name: 'Name' }));
    expect(router.state.location.search).toBe('?sort=name');
    const names = screen.getAllByTestId('my-student').map((row) => within(row).getAllByRole('link')[0]!.textContent ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('says what went wrong when the gateway refuses, and shows no rows', async () => {
    // A 4xx is not retried by the query client: the page says it at once.
    failWith = 403;
    await open(await memberOf('S000002'));
    expect(await screen.findByText(/The gateway is restarting/, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('my-student')).toBeNull();
  });
});
