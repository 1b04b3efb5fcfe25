// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { lazyFrom, preloadable } from './preloadable.ts';

afterEach(cleanup);

const moduleOf = (text: string) => ({ Panel: ({ who }: { who: string }) => <p>{`${text} for ${who}`}</p> });

it('renders a module loaded ahead at once, without showing the fallback', async () => {
  const load = preloadable(() => Promise.resolve(moduleOf('rows')));
  const Panel = lazyFrom(load, (m) => m.Panel);
  await load();
  render(
    <Suspense fallback={<p>loading</p>}>
      <Panel who="Avery" />
    </Suspense>,
  );
  // In the same commit: no fallback frame for React to hold the content behind.
  expect(screen.getByText('rows for Avery')).toBeInTheDocument();
  expect(screen.queryByText('loading')).not.toBeInTheDocument();
});

it('suspends on a module not loaded yet, and loads it once for every caller', async () => {
  let finish: (m: ReturnType<typeof moduleOf>) => void = () => undefined;
  const importer = vi.fn(() => new Promise<ReturnType<typeof moduleOf>>((resolve) => (finish = resolve)));
  const load = preloadable(importer);
  const Panel = lazyFrom(load, (m) => m.Panel);
  render(
    <Suspense fallback={<p>loading</p>}>
      <Panel who="Blake" />
    </Suspense>,
  );
  expect(screen.getByText('loading')).toBeInTheDocument();
  void load();
  await act(async () => finish(moduleOf('chart')));
  expect(await screen.findByText('chart for Blake')).toBeInTheDocument();
  expect(importer).toHaveBeenCalledTimes(1);
  expect(load.current()).toBeDefined();
});

it('tries a failed load again on the next call', async () => {
  const importer = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValueOnce(moduleOf('dialog'));
  const load = preloadable(importer as () => Promise<ReturnType<typeof moduleOf>>);
  await expect(load()).rejects.toThrow('chunk gone');
  expect(load.current()).toBeUndefined();
  await expect(load()).resolves.toHaveProperty('Panel');
  expect(importer).toHaveBeenCalledTimes(2);
});
