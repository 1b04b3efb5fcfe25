// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayInFront, type DirectSignIn } from '../../testing/gateway-in-front.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { StudentPage } from './student-page.tsx';

/**
 * #30: the timeline says how many notes the gateway held back because of their audiences, and
 * why, without their text — also when nothing else is in the range. The page reads the real
 * reference backend through the real gateway (audiences on), signed in as E0001.
 */
const { backend, api } = setupTestBackend({ cleanup: true });
const routes = [{ path: '/students/:identifier', element: <StudentPage /> }];
let gateway: Hono;
let cookie = '';
let signin: DirectSignIn;

// Notes written now: a range around today holds them and nothing of the seed (which ends 2026-06-01).
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const RANGE = `from=${day(-1)}&to=${day(1)}`;

/** The client's requests to the service go through the gateway, with the session's cookie. */
const throughGateway: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith(backend().baseUrl)) return fetch(input, init);
  const headers = new Headers(init?.headers);
  headers.set('cookie', cookie);
  return Promise.resolve(gateway.request(url, { ...init, headers }));
};

async function write(student: string, author: string, audienceType: 'Private' | 'All', details: string) {
  await api().updates.create({ audienceType, canStudentView: false, details, student: { identifier: student }, createdBy: { identifier: author } });
}

beforeAll(async () => {
  ({ gateway, signin } = gatewayInFront(backend()));
  cookie = await signin.cookieFor('E0001', ['success-staff']);
  await write('S000003', 'E0002', 'Private', 'secret-one: not for the reader.');
  await write('S000003', 'E0002', 'Private', 'secret-two: not for the reader.');
  await write('S000003', 'E0002', 'All', 'Shared: met about the study plan.');
  await write('S000004', 'E0002', 'Private', 'secret-three: not for the reader.');
});

const hiddenLine = () => screen.findByTestId('timeline-hidden', {}, { timeout: 20_000 });

describe('notes hidden by their audiences', () => {
  it('says how many are private to their authors beside the notes the reader may see, without their text', async () => {
    await renderApp({ routes, url: `/students/S000003?${RANGE}`, backend: backend(), fetch: throughGateway });
    expect(await hiddenLine()).toHaveTextContent('2 notes here are private to their authors.');
    await waitFor(() => expect(screen.getByTestId('timeline-summary')).toHaveTextContent('Showing 1 of 1 notation'), { timeout: 15_000 });
    expect(screen.getAllByTestId('timeline-row')).toHaveLength(1);
    expect(document.body.textContent).toContain('Shared: met about the study plan.');
    expect(document.body.textContent).not.toMatch(/secret-/);
  });

  it('says it in the singular, also when the timeline is otherwise empty', async () => {
    await renderApp({ routes, url: `/students/S000004?${RANGE}`, backend: backend(), fetch: throughGateway });
    expect(await hiddenLine()).toHaveTextContent(/^1 note here is private to its author\.$/);
    expect(await screen.findByText('None of the notations you may read match these filters')).toBeInTheDocument();
    expect(screen.queryAllByTestId('timeline-row')).toHaveLength(0);
    expect(document.body.textContent).not.toMatch(/secret-/);
  });

  it('says nothing of the kind to the author, who sees them all', async () => {
    cookie = await signin.cookieFor('E0002', ['success-staff']);
    await renderApp({ routes, url: `/students/S000003?${RANGE}`, backend: backend(), fetch: throughGateway, signedInAs: 'E0002' });
    await waitFor(() => expect(screen.getByTestId('timeline-summary')).toHaveTextContent('Showing 3 of 3 notations'), { timeout: 15_000 });
    expect(screen.queryByTestId('timeline-hidden')).toBeNull();
    expect(document.body.textContent).toContain('secret-one');
  });
});
