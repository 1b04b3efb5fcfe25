// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { useEffect } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useSearchParamsWriter, type SearchParamsWrite } from './use-search-params-writer.ts';

afterEach(cleanup);

let write: SearchParamsWrite;
const keepWriter = (writer: SearchParamsWrite) => {
  write = writer;
};
function Probe() {
  const [params, writer] = useSearchParamsWriter();
  useEffect(() => keepWriter(writer), [writer]);
  return <output data-testid="shown">{params.toString()}</output>;
}

function setup(url = '/alerts?from=2026-05-01') {
  const router = createMemoryRouter([{ path: '/alerts', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const shown = () => screen.getByTestId('shown').textContent;
  const search = () => router.state.location.search;
  return { router, shown, search };
}

const set = (name: string, value: string) => (previous: URLSearchParams) => {
  const next = new URLSearchParams(previous);
  next.set(name, value);
  return next;
};
const toggle = (name: string, value: string) => (previous: URLSearchParams) => {
  const next = new URLSearchParams(previous);
  const values = (next.get(name) ?? '').split(',').filter((v) => v !== '');
  const toggled = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  if (toggled.length === 0) next.delete(name);
  else next.set(name, toggled.join(','));
  return next;
};
/** Lets the writer's "after the next paint" pass (jsdom: its 100 ms fallback). */
const afterPaint = () => act(() => new Promise((resolve) => setTimeout(resolve, 150)));

describe('useSearchParamsWriter', () => {
  it('shows a write at once and hands it to the router after the paint, as one navigation per frame', async () => {
    const { router, shown, search } = setup();
    const before = router.state.location;
    act(() => write(toggle('categories', '3')));
    act(() => write(toggle('categories', '7')));
    // Shown at once, each write built on the one before; the router has nothing yet.
    expect(shown()).toBe('from=2026-05-01&categories=3%2C7');
    expect(router.state.location).toBe(before);
    await afterPaint();
    expect(search()).toBe('?from=2026-05-01&categories=3%2C7');
    expect(shown()).toBe('from=2026-05-01&categories=3%2C7');
    // Replaced, not pushed: Back leaves the page as before.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps showing writes not sent yet when the router lands an earlier one', async () => {
    const { router, shown, search } = setup();
    act(() => write(set('q', 'ab')));
    // The first write goes to the router; before its navigation renders, another comes.
    const navigated = new Promise<void>((resolve) => {
      const stop = router.subscribe(() => {
        stop();
        resolve();
      });
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      write(set('q', 'abc'));
      await navigated;
    });
    // The router has q=ab; the page still shows what was typed after it.
    expect(search()).toBe('?from=2026-05-01&q=ab');
    expect(shown()).toBe('from=2026-05-01&q=abc');
    await afterPaint();
    expect(search()).toBe('?from=2026-05-01&q=abc');
    expect(shown()).toBe('from=2026-05-01&q=abc');
  });

  it('pushes a history entry when a write asks, and follows the router when it moves on its own (Back)', async () => {
    const { router, shown, search } = setup();
    act(() => write(set('alert', '12'), { push: true }));
    await afterPaint();
    expect(search()).toBe('?from=2026-05-01&alert=12');
    expect(router.state.historyAction).toBe('PUSH');
    await act(() => router.navigate(-1));
    expect(shown()).toBe('from=2026-05-01');
  });
});
