import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsClient, type NotificationSettings } from '../api/notifications.ts';
import { gatewayRead } from './gateway-read.ts';

/** A person's own e-mail notifications and outbox (#32 item 7; the gateway's routes). */
export const notificationQueries = {
  all: ['notifications'] as const,
  settings: () => gatewayRead([...notificationQueries.all, 'settings'], notificationsClient.get),
  // New e-mail is made by the gateway's poll, not by this page: looked for again now and then.
  outbox: () => queryOptions({ ...gatewayRead([...notificationQueries.all, 'outbox'], notificationsClient.outbox), refetchInterval: 60_000 }),
};

/** Saves the settings; the answer is what the gateway stored. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => notificationsClient.put(settings),
    onSuccess: (saved) => queryClient.setQueryData(notificationQueries.settings().queryKey, saved),
  });
}
