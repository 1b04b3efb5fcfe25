import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { savedViewsClient, type SavedView, type SavedViewPage } from '../api/saved-views.ts';

/**
 * The signed-in person's saved views of a page (#32 item 4), kept by the gateway.
 *
 *     ['saved-views', page]
 */
export const savedViewKeys = {
  all: ['saved-views'] as const,
  page: (page: SavedViewPage) => ['saved-views', page] as const,
};

export const savedViewQueries = {
  page: (page: SavedViewPage) =>
    queryOptions({ queryKey: savedViewKeys.page(page), queryFn: ({ signal }) => savedViewsClient.list(page, signal), staleTime: 30_000 }),
};

/** Each write answers with the view (or nothing, deleted): the page's list is put right at once, then read again. */
export function useSavedViewWrites(page: SavedViewPage) {
  const queryClient = useQueryClient();
  const key = savedViewKeys.page(page);
  const settle = (change: (views: SavedView[]) => SavedView[]) => {
    queryClient.setQueryData<{ values: SavedView[] }>(key, (list) => (list ? { ...list, values: change(list.values) } : list));
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const create = useMutation({
    mutationFn: (view: { name: string; query: string }) => savedViewsClient.create({ page, ...view }),
    onSuccess: (view) => settle((views) => [...views, view]),
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => savedViewsClient.rename(id, name),
    onSuccess: (view) => settle((views) => views.map((v) => (v.id === view.id ? view : v))),
  });
  const remove = useMutation({
    mutationFn: (id: number) => savedViewsClient.remove(id),
    onSuccess: (_, id) => settle((views) => views.filter((v) => v.id !== id)),
  });
  return { create, rename, remove };
}
