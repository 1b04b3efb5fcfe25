// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render-app.tsx';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { BulkReassignPanel } from './bulk-reassign-panel.tsx';

const { backend, api } = setupTestBackend({ cleanup: true });
const routes = [{ path: '/caseloads', element: <BulkReassignPanel students={['S000001', 'S000002']} caseloadStaff="E0001" permission={{ allowed: true }} /> }];

describe('BulkReassignPanel on a caseload', () => {
  it('replacing or removing starts from the caseload’s owner; adding starts from nobody (#31 item 11)', async () => {
    const user = userEvent.setup();
    await renderApp({ routes, url: '/caseloads', backend: backend() });
    expect(await screen.findByTestId('chosen-person-to-replace')).toHaveTextContent('E0001');
    await user.click(screen.getByRole('radio', { name: 'Add a person to these students' }));
    expect(screen.queryByTestId('chosen-person-to-add')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Preview/ })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Remove a person from these students' }));
    expect(await screen.findByTestId('chosen-person-to-remove')).toHaveTextContent('E0001');
  });

  it('the before/after grid names people, never only their identifiers (#31 item 8)', async () => {
    const user = userEvent.setup();
    const student = await api().people.get('S000001');
    const members = (await api().people.successNetwork.get('S000001')).values.map((link) => api().personIdentifier(link)!);
    expect(members.length).toBeGreaterThan(0);
    const named = await Promise.all(members.map(async (id) => api().people.get(id)));
    await renderApp({ routes, url: '/caseloads', backend: backend() });
    await user.click(await screen.findByRole('radio', { name: 'Remove a person from these students' }));
    await user.click(screen.getByRole('button', { name: /^Preview/ }));
    const grid = await screen.findByRole('grid', { name: 'Students, before and after' }, { timeout: 15_000 });
    await waitFor(() => expect(within(grid).getByText(`${student.firstName} ${student.lastName} (S000001)`)).toBeInTheDocument(), { timeout: 15_000 });
    const before = named.map((p) => `${p.firstName} ${p.lastName}`).join(', ');
    expect(within(grid).getAllByText(before).length).toBeGreaterThan(0);
    expect(within(grid).queryByText(members.join(', '))).not.toBeInTheDocument();
  });
});
