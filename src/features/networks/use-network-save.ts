import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../queries/api-context.tsx';
import { peopleKeys } from '../../queries/people.ts';
import { guardedWrite, type GuardedWriteInput } from '../../queries/success-network.ts';

/** The editor's save, the guarded E16; the network's cache is refreshed whatever happened (a conflict read it too). */
export function useGuardedNetworkSave() {
  const api = useApi();
  return useMutation({
    mutationKey: ['people', 'successNetwork', 'guarded-replace'],
    mutationFn: (input: GuardedWriteInput) => guardedWrite(api, input),
    onSettled: (_result, _error, { identifier }, _context, { client }) => client.invalidateQueries({ queryKey: peopleKeys.successNetwork(identifier) }),
  });
}
