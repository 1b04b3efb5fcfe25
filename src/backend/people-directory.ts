import type { DatabaseSync } from 'node:sqlite';
import { createPeopleRepository } from './repositories/people.ts';
import type { PersonRow } from './repositories/rows.ts';

/** One person as a sign-in screen shows them. */
export interface DirectoryPerson {
  identifier: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

/**
 * The reference backend's people, for the development identity provider's login screen and
 * claims: the gateway's stack hands this to the provider, which knows nothing of the database.
 */
export function seededPeople(db: DatabaseSync): { get(identifier: string): DirectoryPerson | undefined; staff(): DirectoryPerson[] } {
  const people = createPeopleRepository(db);
  const toPerson = (p: PersonRow): DirectoryPerson => ({
    identifier: p.identifier,
    firstName: p.first_name,
    lastName: p.last_name,
    email: p.email,
    role: p.role,
  });
  return {
    get: (identifier) => {
      const row = people.get(identifier);
      return row ? toPerson(row) : undefined;
    },
    staff: () => ['Staff', 'Advisor', 'Coach', 'Faculty'].flatMap((role) => people.search({ role }, 1, 1000).rows.map(toPerson)),
  };
}
