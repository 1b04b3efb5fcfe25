// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RelativeTime, relativeWords } from './relative-time.tsx';
import { formatDateTime } from '../lib/dates.ts';

afterEach(cleanup);

const NOW = new Date('2026-05-20T12:00:00Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

describe('RelativeTime', () => {
  it('says "just now" for something posted this minute, also when the server clock is a little ahead', () => {
    for (const offset of [0, -5_000, -59_000, 2_000, 30_000]) {
      render(<RelativeTime dateTime={at(offset)} now={NOW} />);
      expect(screen.getByText('just now')).toBeInTheDocument();
      expect(screen.queryByText(/less than a minute/)).toBeNull();
      cleanup();
    }
  });

  it('says how long ago beyond a minute, with the exact time on the element', () => {
    render(<RelativeTime dateTime={at(-3 * 24 * 3_600_000)} now={NOW} />);
    const time = screen.getByText('3 days ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', at(-3 * 24 * 3_600_000));
    expect(relativeWords(new Date(NOW.getTime() - 5 * 60_000), NOW)).toBe('5 minutes ago');
    expect(relativeWords(new Date(NOW.getTime() + 2 * 3_600_000), NOW)).toBe('in 2 hours');
  });

  it('gives the exact time in the app’s one format on keyboard focus (#31 item 9)', async () => {
    const user = userEvent.setup();
    const iso = at(-2 * 365 * 24 * 3_600_000);
    render(<RelativeTime dateTime={iso} now={NOW} />);
    const time = screen.getByText('2 years ago');
    await user.tab();
    expect(time).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(formatDateTime(iso));
    expect(time).toHaveAccessibleDescription(formatDateTime(iso));
  });

  it('shows a date it cannot read as it came', () => {
    render(<RelativeTime dateTime="not a date" now={NOW} />);
    expect(screen.getByText('not a date')).toBeInTheDocument();
  });
});
