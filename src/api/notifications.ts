import { z } from 'zod';
import { getGatewayJson, sendGatewayParsed } from './gateway-json.ts';

/** A person's e-mail opt-in (#32 item 7): `PUT /me/notifications` takes exactly this. */
export const NotificationSettingsSchema = z.strictObject({
  alertLowered: z.boolean(),
  digest: z.enum(['none', 'daily', 'weekly']),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** What `GET /me/notifications` answers: the settings, where mail goes, and whether a mail server is configured. */
export const NotificationStateSchema = z.looseObject({
  alertLowered: z.boolean(),
  digest: z.enum(['none', 'daily', 'weekly']),
  email: z.string().nullable(),
  mailServer: z.boolean(),
  responseDays: z.number(),
});
export type NotificationState = z.infer<typeof NotificationStateSchema>;

/** One e-mail kept for its addressee (no mail server configured), or sent. */
export const OutboxMessageSchema = z.looseObject({
  key: z.string(),
  kind: z.enum(['alert-lowered', 'digest']),
  subject: z.string(),
  body: z.string(),
  students: z.array(z.string()),
  createdAt: z.string(),
  state: z.enum(['pending', 'sending', 'sent', 'kept', 'failed']),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export const OutboxSchema = z.looseObject({ values: z.array(OutboxMessageSchema) });

export const notificationsClient = {
  get: (signal?: AbortSignal) => getGatewayJson('notifications.get', '/me/notifications', NotificationStateSchema, signal),
  put: (settings: NotificationSettings, signal?: AbortSignal) =>
    sendGatewayParsed('notifications.put', 'PUT', '/me/notifications', settings, NotificationStateSchema, signal),
  outbox: (signal?: AbortSignal) => getGatewayJson('notifications.outbox', '/me/outbox', OutboxSchema, signal).then((o) => o.values),
};
