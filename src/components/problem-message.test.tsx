// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ApiError } from '../api/errors.ts';
import { ProblemMessage } from './problem-message.tsx';

/** The gateway's own failures (#15.1) as the app shows them: slow, down and refused are different news. */
const problem = (status: number, slug: string, detail: string) =>
  new ApiError({ kind: 'http', operation: 'alerts.list', status, problem: { type: `urn:student-success:problem:${slug}`, title: 'x', status, detail } });

afterEach(cleanup);

describe('ProblemMessage for the gateway’s upstream failures', () => {
  it('a 504 says the service is slow, with the gateway’s sentence and Retry', () => {
    const retry = vi.fn();
    render(
      <ProblemMessage
        error={problem(504, 'upstream-timeout', 'The student records service did not answer within 10 s. Try again in a minute.')}
        onRetry={retry}
      />,
    );
    expect(screen.getByText('The student records service is not answering in time')).toBeInTheDocument();
    expect(screen.getByText(/did not answer within 10 s/)).toBeInTheDocument();
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(retry).toHaveBeenCalled();
  });

  it('a 502 unreachable says it cannot be reached; refused credentials say so, without a useless Retry', () => {
    render(<ProblemMessage error={problem(502, 'upstream-unreachable', 'The gateway could not reach the student records service.')} onRetry={() => {}} />);
    expect(screen.getByText('The student records service cannot be reached')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    cleanup();
    render(<ProblemMessage error={problem(502, 'upstream-credentials-refused', 'An administrator must check the gateway’s client ID.')} onRetry={() => {}} />);
    expect(screen.getByText("The dashboard's access to the service was refused")).toBeInTheDocument();
    expect(screen.getByText(/administrator must check/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('ProblemMessage: Retry only where asking again can help, and one message', () => {
  const plain = (status: number, detail: string) =>
    new ApiError({ kind: 'http', operation: 'alerts.list', status, problem: { type: 'about:blank', title: 'Bad Request', status, detail } });

  it.each([400, 403, 404])('a %i says why once, without Retry', (status) => {
    render(<ProblemMessage error={plain(status, 'createdOnStart must be a date.')} onRetry={() => {}} />);
    expect(screen.getAllByText('createdOnStart must be a date.')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(/^createdOnStart must be a date\.$/);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a 503, a network failure and a timeout offer Retry', () => {
    for (const error of [
      plain(503, 'The service is under maintenance.'),
      new ApiError({ kind: 'network', operation: 'alerts.list' }),
      new ApiError({ kind: 'timeout', operation: 'alerts.list' }),
    ]) {
      render(<ProblemMessage error={error} onRetry={() => {}} />);
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
      cleanup();
    }
  });

  it('an unreadable answer fails the same way again: no Retry', () => {
    render(<ProblemMessage error={new ApiError({ kind: 'invalid-response', operation: 'alerts.list', status: 200 })} onRetry={() => {}} />);
    expect(screen.getByText('The service answered with data the dashboard could not read.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
