import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../queries/api-context.tsx';
import { peopleQueries } from '../queries/people.ts';

export interface PersonLabel {
  /** "First Last", or the identifier while the name is unknown (or the extension is absent). */
  name: string;
  role: string | undefined;
  identifier: string;
  /** The people extension answered 404: nobody by that identifier (or no extension). */
  unknown: boolean;
}

/** A person's name and role from the people extension; the identifier alone when it is not offered. */
export function usePersonLabel(identifier: string): PersonLabel {
  const api = useApi();
  const person = useQuery(peopleQueries.person(api, identifier));
  return {
    name: person.data ? `${person.data.firstName} ${person.data.lastName}` : identifier,
    role: person.data?.role,
    identifier,
    unknown: person.isError,
  };
}

/**
 * The names of many people (#31 item 8): `nameOf(identifier)` is "First Last" once known, the
 * identifier while the names load, for someone nobody has, or without the people extension.
 */
export function usePeopleNames(identifiers: readonly string[]): (identifier: string) => string {
  const api = useApi();
  const names = useQuery(peopleQueries.names(api, identifiers)).data;
  // The same function until the names change, for the memoised rows that use it.
  return useCallback((identifier: string) => names?.[identifier] ?? identifier, [names]);
}

/** "Ana Ruiz (Advisor, E0042)", for inline lists. */
export function PersonName({ identifier }: { identifier: string }) {
  const label = usePersonLabel(identifier);
  return <>{label.role ? `${label.name} (${label.role}, ${identifier})` : identifier}</>;
}
