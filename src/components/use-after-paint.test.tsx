// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useAfterPaint, usePreloadAfterPaint } from './use-after-paint.ts';

function Probe({ id }: { id: string }) {
  return <p data-testid={id}>{useAfterPaint() ? 'after' : 'before'}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('is false until the page has been idle once, for components rendered together; true at once for those rendered after', async () => {
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  render(
    <>
      <Probe id="a" />
      <Probe id="b" />
    </>,
  );
  expect(screen.getByTestId('a')).toHaveTextContent('before');
  expect(screen.getByTestId('b')).toHaveTextContent('before');
  // One idle callback for both.
  expect(idle).toHaveLength(1);
  await act(async () => idle[0]!());
  expect(screen.getByTestId('a')).toHaveTextContent('after');
  expect(screen.getByTestId('b')).toHaveTextContent('after');
  render(<Probe id="later" />);
  expect(screen.getByTestId('later')).toHaveTextContent('after');
  expect(idle).toHaveLength(1);
});

it('preloads a lazy part once the page has painted, at an idle moment of its own, once however many components ask', async () => {
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  const load = vi.fn(() => Promise.resolve());
  function Asker() {
    usePreloadAfterPaint(load);
    return null;
  }
  render(
    <>
      <Asker />
      <Asker />
    </>,
  );
  expect(load).not.toHaveBeenCalled();
  // The page's first idle moment (unless an earlier test saw it), then the preload's own.
  for (let round = 0; round < 3 && load.mock.calls.length === 0; round += 1) await act(async () => idle.splice(0).forEach((callback) => callback()));
  expect(load).toHaveBeenCalledTimes(1);
  render(<Asker />);
  await act(async () => idle.splice(0).forEach((callback) => callback()));
  expect(load).toHaveBeenCalledTimes(1);
});
