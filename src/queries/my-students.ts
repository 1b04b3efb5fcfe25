import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myStudentsClient, type WatchList } from '../api/my-students.ts';
import { mapPool } from '../lib/pool.ts';
import { gatewayRead } from './gateway-read.ts';
import { sessionQueries } from './session.ts';

export const myStudentsQueries = {
  all: ['my-students'] as const,
  /** The home's list: computed by the gateway in one answer. */
  list: () => queryOptions({ ...gatewayRead([...myStudentsQueries.all, 'list'], myStudentsClient.list), staleTime: 30_000 }),
  watchList: () => queryOptions({ ...gatewayRead([...myStudentsQueries.all, 'watch'], myStudentsClient.watchList), staleTime: 60_000 }),
  /**
   * Opening a student records the visit and answers the one before: a query, so that the page's
   * mounts (StrictMode's twice, a tab switch) record it once per student in this app's life and
   * keep marking what was new when the page was first opened.
   */
  visit: (student: string) =>
    queryOptions({
      queryKey: [...myStudentsQueries.all, 'visit', student] as const,
      queryFn: () => myStudentsClient.visit(student),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
};

/** Whether the person follows `student`, and the switch; the home and the watch list are read again after a change. */
export function useWatching(student: string) {
  const queryClient = useQueryClient();
  const watchList = useQuery(myStudentsQueries.watchList());
  const watching = watchList.data?.values.some((w) => w.student === student) ?? false;
  const toggle = useMutation({
    mutationFn: (follow: boolean) => (follow ? myStudentsClient.watch(student).then(() => undefined) : myStudentsClient.unwatch(student)),
    onMutate: async (follow) => {
      const key = myStudentsQueries.watchList().queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<WatchList>(key);
      const others = (before?.values ?? []).filter((w) => w.student !== student);
      queryClient.setQueryData<WatchList>(key, { values: follow ? [...others, { student, since: new Date().toISOString() }] : others });
      return { before };
    },
    onError: (_error, _follow, context) => queryClient.setQueryData(myStudentsQueries.watchList().queryKey, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myStudentsQueries.all, predicate: (q) => q.queryKey[1] !== 'visit' }),
  });
  return {
    watching,
    known: watchList.isSuccess,
    pending: toggle.isPending,
    /** Follows or unfollows; `done` hears how it went (the caller says it). */
    toggle: (done: { onSuccess: (followed: boolean) => void; onError: (followed: boolean) => void }) =>
      toggle.mutate(!watching, { onSuccess: (_data, follow) => done.onSuccess(follow), onError: (_error, follow) => done.onError(follow) }),
  };
}

/** Follows at once from a list: a few at a time, so that a roster of hundreds does not flood the gateway. */
const FOLLOWS_AT_ONCE = 4;

/**
 * Follows many students from a list (#32 item 3: "from lists"): each is followed on its own, so one
 * refused (a student the person may no longer open) does not undo the others; the answer names them.
 */
export function useFollowMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (students: readonly string[]) => {
      const outcomes = await mapPool(students, FOLLOWS_AT_ONCE, (student) =>
        myStudentsClient.watch(student).then(
          () => true,
          () => false,
        ),
      );
      return { followed: students.filter((_, i) => outcomes[i]), failed: students.filter((_, i) => !outcomes[i]) };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myStudentsQueries.all, predicate: (q) => q.queryKey[1] !== 'visit' }),
  });
}

/** The signed-in person's identifier (undefined while the session loads). */
export function useMe(): string | undefined {
  return useQuery(sessionQueries.current()).data?.identifier;
}
