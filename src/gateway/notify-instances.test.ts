import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoGatewayInstances } from '../testing/gateway-instances.ts';
import { signInThroughProvider } from '../testing/sign-in.ts';
import { startSmtp, type TestSmtp } from '../testing/smtp.ts';

/**
 * #32 item 7, the journey the issue requires: two gateway processes on one PostgreSQL, signing in
 * through a real OpenID provider; an alert raised by A through one, lowered by B through the
 * other; A's e-mail reaches a real SMTP server with B's comment in it, exactly once.
 */
let smtp: TestSmtp | undefined;
// Registered first: the mail server is up before the instances start, and stopped after they have.
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp?.stop());
const instances = twoGatewayInstances({
  env: () => ({ SMTP_URL: smtp!.url, MAIL_FROM: 'Student Success <success@example.edu>', NOTIFY_POLL_S: '1' }),
  people: {
    E0001: { name: 'Natalie Park', groups: ['success-staff', 'success-admins', 'success-records'], email: 'natalie.park@example.edu' },
    E0002: { name: 'Omar Reyes', groups: ['success-staff', 'success-records'], email: 'omar.reyes@example.edu' },
  },
});

describe('e-mail when an alert I raised is lowered, two instances on one PostgreSQL', () => {
  it("A raises through one instance, B lowers through the other: A's e-mail with B's comment arrives exactly once", async () => {
    const [a, b] = instances();
    const raiser = await signInThroughProvider(a.origin, 'E0001');
    const lowerer = await signInThroughProvider(b.origin, 'E0002');
    const write = (origin: string, cookie: string, method: string, path: string, body: unknown) =>
      fetch(`${origin}${path}`, { method, headers: { cookie, origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });

    // The address is the provider's email claim, kept at sign-in.
    const settings = await write(a.origin, raiser.cookie, 'PUT', '/me/notifications', { alertLowered: true, digest: 'none' });
    expect(await settings.json()).toMatchObject({ alertLowered: true, email: 'natalie.park@example.edu', mailServer: true });
    // A poll has set the watermark before the alert exists.
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    const raised = await write(a.origin, raiser.cookie, 'POST', '/api/notations/alerts/', {
      audienceType: 'All',
      canStudentView: false,
      createdBy: { identifier: 'E0001' },
      details: 'Missed three labs in a row.',
      student: { identifier: 'S000004' },
    });
    expect(raised.status).toBe(201);
    const alert = ((await raised.json()) as { href: string }).href.split('/').at(-1)!;
    const comment = 'Met with her on Tuesday; the labs are rescheduled.';
    const lowered = await write(b.origin, lowerer.cookie, 'POST', `/api/notations/alerts/${alert}/comments`, {
      createdBy: { identifier: 'E0002' },
      details: comment,
      usedToLowerAlert: true,
    });
    expect(lowered.status).toBe(201);

    const toA = () => smtp!.received.filter((m) => m.to.includes('natalie.park@example.edu'));
    await expect.poll(() => toA().length, { timeout: 20_000, interval: 200 }).toBe(1);
    // Several more polls on both instances: still one.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(toA()).toHaveLength(1);
    const [mail] = toA();
    expect(mail!.subject).toContain('S000004');
    expect(mail!.text).toContain(comment);
    // Named as the provider named B at sign-in.
    expect(mail!.text).toContain('lowered by Omar Reyes');

    // The outbox on the settings page lists it, sent.
    const outbox = (await (await fetch(`${a.origin}/me/outbox`, { headers: { cookie: raiser.cookie } })).json()) as {
      values: { state: string; students: string[] }[];
    };
    expect(outbox.values).toEqual([expect.objectContaining({ state: 'sent', students: ['S000004'] })]);
  }, 90_000);
});
