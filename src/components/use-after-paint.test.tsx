// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useAfterPaint } from './use-after-paint.ts';

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
