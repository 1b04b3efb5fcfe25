// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render-app.tsx';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { BulkReassignPanel } from './bulk-reassign-panel.tsx';

const { backend } = setupTestBackend();
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
});
