import { useQuery } from '@tanstack/react-query';
import type { Person } from '../api/schemas/index.ts';
import { useApi } from './api-context.tsx';
import { isMissingExtension, peopleQueries } from './people.ts';

/**
 * Whether a person identifier names someone, for a page that must not look real for nobody.
 *
 * The people extension (decisions §9, `GET /people/{identifier}`) answers first. A 404 from it, or a
 * 400/404 because a proxied service has no such route, is not enough alone: the core service's
 * success network (E15, which answers 404 for an unknown person) decides then. So a person is
 * unknown only when neither knows them; any other failure leaves the page as it is, saying so.
 */
export type Existence =
  | { status: 'checking' }
  | { status: 'known'; person: Person | null }
  | { status: 'unknown' }
  /** Neither lookup could answer (the service failing): show the page and its errors. */
  | { status: 'unverified' };

// The statuses by which a lookup says "no such person" are those of "no such route".
const refuses = isMissingExtension;

export function usePersonExistence(identifier: string, enabled = true): Existence {
  const api = useApi();
  const detail = useQuery({ ...peopleQueries.detail(api, identifier), enabled });
  const askNetwork = detail.isError && refuses(detail.error);
  const network = useQuery({ ...peopleQueries.successNetwork(api, identifier), enabled: enabled && askNetwork });
  if (!enabled) return { status: 'checking' };
  if (detail.isSuccess) return { status: 'known', person: detail.data };
  if (detail.isPending) return { status: 'checking' };
  if (!askNetwork) return { status: 'unverified' };
  if (network.isSuccess) return { status: 'known', person: null };
  if (network.isPending) return { status: 'checking' };
  return refuses(network.error) ? { status: 'unknown' } : { status: 'unverified' };
}

/**
 * The identifier a mistyped one most likely meant: the same letters in the service's case
 * (`s000001` → `S000001`), when that one exists. Null when there is no other spelling or nobody has it.
 */
export function useLikelyIdentifier(identifier: string, enabled: boolean): { identifier: string; person: Person | null } | null {
  const candidate = identifier.trim().toUpperCase();
  const differs = candidate !== identifier && candidate !== '';
  const existence = usePersonExistence(candidate, enabled && differs);
  return differs && existence.status === 'known' ? { identifier: candidate, person: existence.person } : null;
}
