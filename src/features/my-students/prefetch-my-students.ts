import { myStudentsQueries } from '../../queries/my-students.ts';
import type { RoutePrefetch } from '../../queries/route-prefetch.ts';

/** The home's one answer starts with the route, while the page's code loads. */
export const prefetch: RoutePrefetch = ({ queryClient }) => {
  void queryClient.prefetchQuery(myStudentsQueries.list());
  void queryClient.prefetchQuery(myStudentsQueries.watchList());
};
