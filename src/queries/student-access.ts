import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { studentAccessClient } from '../api/student-access.ts';

export const studentAccessQueries = {
  all: ['student-access'] as const,
  check: (student: string) =>
    queryOptions({
      queryKey: [...studentAccessQueries.all, student] as const,
      queryFn: ({ signal }) => studentAccessClient.check(student, signal),
      staleTime: 60_000,
    }),
};

/** Asks for a grant; once given, everything read without it is read again. */
export function useRequestStudentAccess(student: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => studentAccessClient.request(student, reason),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
