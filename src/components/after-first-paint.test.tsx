// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { AfterFirstPaint } from './after-first-paint.tsx';

afterEach(cleanup);

it('shows the fallback in the first frame and the content after it has been painted', async () => {
  render(
    <AfterFirstPaint fallback={<p>placeholder</p>}>
      <p>chart</p>
    </AfterFirstPaint>,
  );
  expect(screen.getByText('placeholder')).toBeInTheDocument();
  expect(screen.queryByText('chart')).not.toBeInTheDocument();
  expect(await screen.findByText('chart')).toBeInTheDocument();
  expect(screen.queryByText('placeholder')).not.toBeInTheDocument();
});
