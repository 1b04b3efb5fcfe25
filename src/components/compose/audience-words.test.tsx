// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderApp } from '../../testing/render-app.tsx';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { AlertComposer, UpdateComposer } from './notation-composer.tsx';

/**
 * #30: the composer's audience choice says exactly who will see the note: the author by name, the
 * student's success network person by person, and the reach of "All" under the access policy.
 */
const STUDENT = 'S000002';
const { backend, api } = setupTestBackend({ cleanup: true, clearStorage: true });

const render = (element: React.ReactElement, session = {}) =>
  renderApp({ routes: [{ path: '/s/:id', element }], url: `/s/${STUDENT}`, backend: backend(), signedInAs: 'E0001', session });
const words = (audience: string) => screen.getByTestId(`audience-${audience}`);

async function networkNames(): Promise<string[]> {
  const network = await api().people.successNetwork.get(STUDENT);
  const ids = network.values.map((link) => api().personIdentifier(link)!);
  return Promise.all(
    ids.map(async (id) => {
      if (id === 'E0001') return 'you';
      const person = await api().people.get(id);
      return `${person.firstName} ${person.lastName}`;
    }),
  );
}

test('Private names the author, FullNetwork lists the network by name, All says who may open the record', async () => {
  const me = await api().people.get('E0001');
  const names = await networkNames();
  expect(names.length).toBeGreaterThan(1);
  await render(<UpdateComposer student={STUDENT} />);
  expect(await screen.findByRole('radio', { name: /^Private/ })).toBeChecked();
  expect(words('Private')).toHaveTextContent(`— Only you (${me.firstName} ${me.lastName}).`);
  const list = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  await waitFor(() => expect(words('FullNetwork')).toHaveTextContent(`— You and this student's success network (${names.length} people: ${list}).`));
  expect(words('All')).toHaveTextContent(
    "— Everyone who may open this student's record: their success network, coordinators with institution-wide access, and anyone granted access with a stated reason.",
  );
  // The radio's accessible name carries the words, so a screen reader hears who will see it.
  expect(screen.getByRole('radio', { name: /^Private/ })).toHaveAccessibleName(expect.stringContaining(`Only you (${me.firstName} ${me.lastName})`));
});

test('under the all-staff policy, All says every staff member; an alert composer says the same of its audiences', async () => {
  await render(<AlertComposer student={STUDENT} />, { accessPolicy: 'all-staff' });
  expect(await screen.findByTestId('audience-All')).toHaveTextContent(
    "— Every staff member who uses the dashboard: under this institution's policy all staff may open any student's record.",
  );
  expect(screen.queryByTestId('audience-Private')).toBeNull();
  await waitFor(() => expect(words('FullNetwork')).toHaveTextContent(/\(\d+ people: /));
});

test('a student nobody is assigned to: FullNetwork says that only the author will see it for now', async () => {
  const lonely = (await api().people.list({ role: 'Student', pageSize: 200 })).values.map((p) => p.identifier);
  let empty: string | undefined;
  for (const id of lonely) {
    if ((await api().people.successNetwork.get(id)).values.length === 0) {
      empty = id;
      break;
    }
  }
  if (!empty) {
    // The seed gives everyone a network: empty one for this test.
    empty = lonely.at(-1)!;
    await api().people.successNetwork.replace(empty, []);
  }
  await renderApp({ routes: [{ path: '/s/:id', element: <UpdateComposer student={empty} /> }], url: `/s/${empty}`, backend: backend() });
  await waitFor(() =>
    expect(words('FullNetwork')).toHaveTextContent("— You and this student's success network, which has nobody in it yet: for now, only you."),
  );
});
