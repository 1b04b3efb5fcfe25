// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Hono } from 'hono';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RequireSession } from '../../app/require-session.tsx';
import { noticeFrom } from '../../gateway/notice.ts';
import { gatewayInFront, sameOriginFetch, type DirectSignIn } from '../../testing/gateway-in-front.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';

/**
 * #30 item 6 in the app: a notice still to accept stands before every signed-in page; "I accept"
 * is recorded by the real gateway (in front of the real reference backend), then the page asked
 * for renders. A failed acceptance says why and offers a retry; a notice that changed while it
 * was read is shown anew.
 */
const { backend } = setupTestBackend({ cleanup: true });
const NOTICE = noticeFrom('# Records are confidential\n\nUse them only to support the student.\n\n- Never copy them elsewhere.\n');
let gateway: Hono;
let signin: DirectSignIn;
let cookie = '';
/** Answers for /session/notice requests, used before the gateway's. */
let overrides: ((method: string) => Response | undefined)[] = [];

const routes = [{ element: <RequireSession />, children: [{ path: '/students/:identifier', element: <h1>The student page</h1> }] }];

beforeAll(() => {
  ({ gateway, signin } = gatewayInFront(backend(), { notice: NOTICE }));
});

/** The app's own requests to /session/* go to the gateway, as the browser's same-origin ones would. */
function stubSameOrigin() {
  const overridden = (url: string, init?: RequestInit) => (url.startsWith('/session/notice') ? overrides.shift()?.(init?.method ?? 'GET') : undefined);
  vi.stubGlobal(
    'fetch',
    sameOriginFetch(gateway, backend().origin, () => cookie, overridden),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
  overrides = [];
});

async function open(person: string) {
  cookie = await signin.cookieFor(person, ['success-staff']);
  stubSameOrigin();
  return renderApp({
    routes,
    url: '/students/S000001',
    backend: backend(),
    signedInAs: person,
    session: { notice: { version: NOTICE.version, accepted: false } },
  });
}

describe('the confidentiality notice page', () => {
  it('shows the notice instead of the page; I accept records it and the page asked for renders', async () => {
    await open('E0003');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confidentiality notice' })).toBeInTheDocument();
    const text = await screen.findByRole('region', { name: 'Confidentiality notice' });
    expect(text).toHaveTextContent('Records are confidential');
    expect(text).toHaveTextContent('Never copy them elsewhere.');
    expect(screen.queryByText('The student page')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'I accept' }));
    expect(await screen.findByRole('heading', { name: 'The student page' })).toBeInTheDocument();
    const answer = (await (await gateway.request(`${backend().origin}/session/notice`, { headers: { cookie } })).json()) as { acceptedVersion: string };
    expect(answer.acceptedVersion).toBe(NOTICE.version);
  });

  it('a failed acceptance says why and retries; the page waits until it is recorded', async () => {
    overrides = [
      () => undefined,
      (method) =>
        method === 'POST'
          ? new Response(JSON.stringify({ type: 'urn:x', title: 'Service unavailable', status: 503, detail: 'The acceptance cannot be recorded just now.' }), {
              status: 503,
              headers: { 'content-type': 'application/problem+json' },
            })
          : undefined,
    ];
    await open('E0004');
    await userEvent.click(await screen.findByRole('button', { name: 'I accept' }));
    expect(await screen.findByText('The acceptance cannot be recorded just now.')).toBeInTheDocument();
    expect(screen.queryByText('The student page')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByRole('heading', { name: 'The student page' })).toBeInTheDocument();
  });

  it('a notice changed while it was read is refused (409) and shown anew, to be accepted', async () => {
    // The first read is of an older version; the gateway has a newer one by the time of accepting.
    overrides = [
      () =>
        new Response(JSON.stringify({ version: 'older', text: 'The older notice.', acceptedVersion: null }), {
          headers: { 'content-type': 'application/json' },
        }),
    ];
    await open('E0005');
    expect(await screen.findByText('The older notice.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I accept' }));
    expect(await screen.findByText(/The notice changed while you were reading it/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Confidentiality notice' })).toHaveTextContent('Records are confidential'));
    expect(screen.queryByText('The student page')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'I accept' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'I accept' }));
    expect(await screen.findByRole('heading', { name: 'The student page' })).toBeInTheDocument();
  });
});
