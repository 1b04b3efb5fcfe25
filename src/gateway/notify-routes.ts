import { Hono, type Context } from 'hono';
import { NotificationSettingsSchema } from '../api/notifications.ts';
import { ProblemError, bodyErrors } from '../http/problem.ts';
import type { Actor } from './journal.ts';
import type { NotifyStore } from './notify-store.ts';
import { requireSignedIn } from './require-signed-in.ts';

export interface NotifyRoutesOptions {
  store: NotifyStore;
  actorOf: (c: Context) => Promise<Actor | undefined>;
  /** SMTP_URL is set: e-mail leaves; otherwise it is kept for the outbox. */
  mailServer: boolean;
  /** ALERT_RESPONSE_DAYS, for the settings page's words. */
  responseDays: number;
}

/**
 * A person's own e-mail notifications (#32 item 7): `GET /me/notifications` (the opt-in, where
 * mail goes, whether a mail server is configured), `PUT /me/notifications` with exactly
 * `{ alertLowered, digest }` (400 otherwise), and `GET /me/outbox`: the e-mails made for them.
 */
export function notifyRoutes(options: NotifyRoutesOptions): Hono {
  const app = new Hono();
  const person = async (c: Context) => (await requireSignedIn(c, options.actorOf)).identifier;
  const state = async (identifier: string) => ({
    ...(await options.store.settings(identifier)),
    mailServer: options.mailServer,
    responseDays: options.responseDays,
  });

  app.get('/me/notifications', async (c) => c.json(await state(await person(c))));

  app.put('/me/notifications', async (c) => {
    const identifier = await person(c);
    const parsed = NotificationSettingsSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ProblemError(400, 'The notification settings are not valid: send { "alertLowered": true|false, "digest": "none"|"daily"|"weekly" }', {
        errors: bodyErrors(parsed.error.issues),
      });
    }
    await options.store.saveSettings(identifier, parsed.data);
    return c.json(await state(identifier));
  });

  app.get('/me/outbox', async (c) => {
    const identifier = await person(c);
    const mails = await options.store.outbox(identifier, 100);
    return c.json({
      values: mails.map((m) => ({ key: m.key, kind: m.kind, subject: m.subject, body: m.body, students: m.students, createdAt: m.createdAt, state: m.state })),
    });
  });
  return app;
}
