// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useProgressiveCount } from './use-progressive-count.ts';

function List({ total, resetKey }: { total: number; resetKey?: string }) {
  const count = useProgressiveCount(total, { first: 2, step: 3, ...(resetKey !== undefined ? { resetKey } : {}) });
  return <p data-testid="count">{count}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Idle callbacks run only when the test says so. */
function controlledIdle() {
  const waiting: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => waiting.push(callback));
  return async () => {
    const now = waiting.splice(0);
    await act(async () => now.forEach((callback) => callback()));
  };
}

it('renders the first items at once and a step more each time the page is idle, up to all of them', async () => {
  const idle = controlledIdle();
  render(<List total={9} />);
  expect(screen.getByTestId('count')).toHaveTextContent('2');
  await idle();
  expect(screen.getByTestId('count')).toHaveTextContent('5');
  await idle();
  expect(screen.getByTestId('count')).toHaveTextContent('8');
  await idle();
  expect(screen.getByTestId('count')).toHaveTextContent('9');
  // All shown: nothing more is waited for.
  await idle();
  expect(screen.getByTestId('count')).toHaveTextContent('9');
});

it('never says more than there are, and starts again at the first items for another list', async () => {
  const idle = controlledIdle();
  const { rerender } = render(<List total={1} resetKey="a" />);
  expect(screen.getByTestId('count')).toHaveTextContent('1');
  rerender(<List total={20} resetKey="a" />);
  await idle();
  await idle();
  expect(screen.getByTestId('count')).toHaveTextContent('8');
  rerender(<List total={20} resetKey="b" />);
  expect(screen.getByTestId('count')).toHaveTextContent('2');
  await idle();
  expect(screen.getByTestId('count')).toHaveTextContent('5');
});
