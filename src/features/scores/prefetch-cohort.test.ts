// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it } from 'vitest';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { scoreKeys } from '../../queries/scores.ts';
import { prefetchCohort } from './prefetch-cohort.ts';

const { api } = setupTestBackend();

/** The server's shell as the gateway sends it for /scores/:id (src/gateway/app-serving/app-shell.ts), h1 = the route's title. */
const shell = () => {
  document.body.innerHTML =
    '<div id="app-shell" aria-hidden="true" inert><main class="ss-main"><div class="ss-page"><h1>Cohort</h1></div></main></div><div id="root"></div>';
  return document.querySelector('#app-shell h1')!;
};
const queryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => {
  document.body.innerHTML = '';
});

it('puts the administration’s title into the shell’s h1 as soon as it is in', async () => {
  const { values } = await api().noncognitive.administrations.list({ pageSize: 1 });
  const administration = values[0]!;
  shell();
  prefetchCohort(queryClient(), api(), String(administration.id));
  await expect.poll(() => document.querySelector('#app-shell h1')?.textContent).toBe(administration.title);
});

it('leaves the shell as it is for an administration that does not exist, and once the app has replaced it', async () => {
  const heading = shell();
  const client = queryClient();
  prefetchCohort(client, api(), '999999');
  await expect
    .poll(() =>
      client
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status === 'error'),
    )
    .toBe(true);
  expect(heading.textContent).toBe('Cohort');

  document.body.innerHTML = '<main><h1>The app’s own heading</h1></main>';
  const { values } = await api().noncognitive.administrations.list({ pageSize: 1 });
  prefetchCohort(queryClient(), api(), String(values[0]!.id));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(document.querySelector('h1')!.textContent).toBe('The app’s own heading');
});

it('keeps the h1 the server painted with the title already (data-headings.ts): the same element, timed once', async () => {
  const { values } = await api().noncognitive.administrations.list({ pageSize: 1 });
  const administration = values[0]!;
  const heading = shell();
  heading.textContent = administration.title;
  const client = queryClient();
  prefetchCohort(client, api(), String(administration.id));
  await expect.poll(() => client.getQueryData(scoreKeys.administration(administration.id))).toBeDefined();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(document.querySelector('#app-shell h1')).toBe(heading);
});
