import { useQueries, useQuery } from '@tanstack/react-query';
import { displayName, type Session } from '../../api/session.ts';
import { useApi } from '../../queries/api-context.tsx';
import { peopleQueries } from '../../queries/people.ts';
import { sessionQueries } from '../../queries/session.ts';

/** Names in a sentence: "A", "A and B", "A, B and C". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Who an `All` note reaches, as the gateway's access policy decides it (unknown: the stricter reading). */
export function allAudienceWords(policy: Session['accessPolicy']): string {
  return policy === 'all-staff'
    ? "Every staff member who uses the dashboard: under this institution's policy all staff may open any student's record."
    : "Everyone who may open this student's record: their success network, coordinators with institution-wide access, and anyone granted access with a stated reason.";
}

export interface NetworkWords {
  status: 'pending' | 'error' | 'success';
  /** Members' names (their identifiers until known), the author's own as "you". */
  names: string[];
}

/** "You and this student's success network (N people: …)", as far as the network is known. */
export function networkAudienceWords(network: NetworkWords): string {
  const lead = "You and this student's success network";
  if (network.status === 'pending') return `${lead} (finding out who is in it…).`;
  if (network.status === 'error') return `${lead} (who is in it could not be loaded).`;
  const n = network.names.length;
  if (n === 0) return `${lead}, which has nobody in it yet: for now, only you.`;
  return `${lead} (${n} ${n === 1 ? 'person' : 'people'}: ${namesInWords(network.names)}).`;
}

/**
 * Exactly who will see a note of each audience, for the composer (#30): the signed-in author by
 * name, the student's success network member by member (names from the people extension, else
 * identifiers), and the reach of `All` under the gateway's access policy.
 */
export function useAudienceWords(student: string): Record<'Private' | 'FullNetwork' | 'All', string> {
  const api = useApi();
  const session = useQuery(sessionQueries.current()).data ?? null;
  const network = useQuery(peopleQueries.successNetwork(api, student));
  const members = (network.data?.values ?? []).map((link) => api.personIdentifier(link)).filter((id): id is string => id !== null);
  const people = useQueries({ queries: members.map((identifier) => peopleQueries.person(api, identifier)) });
  const names = members.map((identifier, i) => {
    if (session && identifier === session.identifier) return 'you';
    const person = people[i]?.data;
    return person ? `${person.firstName} ${person.lastName}` : identifier;
  });
  return {
    Private: session ? `Only you (${displayName(session)}).` : 'Only you, the author.',
    FullNetwork: networkAudienceWords({ status: network.status, names }),
    All: allAudienceWords(session?.accessPolicy),
  };
}
