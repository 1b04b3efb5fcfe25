import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsClient, type NotificationSettings } from '../api/notifications.ts';

/** A person's own e-mail notifications and outbox (#32 item 7; the gateway's routes). */
export const notificationQueries = {
  all: ['notifications'] as const,
  settings: () =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'settings'] as const,
      queryFn: ({ signal }) => notificationsClient.get(signal),
    }),
  outbox: () =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'outbox'] as const,
      queryFn: ({ signal }) => notificationsClient.outbox(signal),
      // New e-mail is made by the gateway's poll, not by this page: looked for again now and then.
      refetchInterval: 60_000,
    }),
};

/** Saves the settings; the answer is what the gateway stored. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => notificationsClient.put(settings),
    onSuccess: (saved) => queryClient.setQueryData(notificationQueries.settings().queryKey, saved),
  });
}
