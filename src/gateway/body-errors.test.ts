import { describe, expect, it } from 'vitest';
import { directSignIn, useSeededGateway } from '../testing/gateway.ts';
import { noticeFrom } from './notice.ts';

/** A body the gateway's own routes refuse: a 400 problem whose `errors` name each field at fault, or the body itself. */

const ORIGIN = 'http://dashboard.test';
const signin = directSignIn({ publicUrl: ORIGIN });
const gateway = useSeededGateway(() => ({ auth: signin.auth, notice: noticeFrom('# Records are confidential\n') }));

const send = async (method: string, path: string, body: string) =>
  gateway.request(`${ORIGIN}${path}`, {
    method,
    headers: {
      cookie: await signin.cookieFor('E0001', ['success-staff', 'success-admins', 'success-network-editors']),
      origin: ORIGIN,
      'content-type': 'application/json',
    },
    body,
  });

describe('field errors of a refused body', () => {
  it.each([
    ['POST', '/session/views', { page: 'alerts', name: '', query: 'no-question-mark' }, ['name', 'query']],
    ['POST', '/session/batches', { description: '' }, ['description']],
    ['PUT', '/me/notifications', { alertLowered: 'yes', digest: 'weekly' }, ['alertLowered']],
    ['POST', '/admin/sessions/end', { person: 'E 0002' }, ['person']],
    ['POST', '/session/notice', { version: 7 }, ['version']],
    ['POST', '/session/access', { student: 'S000001', reason: 'why' }, ['reason']],
    ['POST', '/session/exports', { view: 'alerts', rows: -1, students: [''] }, ['rows', 'students.0']],
  ])('%s %s names the fields at fault', async (method, path, body, names) => {
    const response = await send(method, path, JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await response.json()) as { errors: { in: string; name: string; message: string }[] };
    expect(problem.errors.map((e) => e.name).sort()).toEqual(names);
    expect(problem.errors.every((e) => e.in === 'body' && e.message.length > 0)).toBe(true);
  });

  it('names the body itself when it is not JSON at all', async () => {
    const response = await send('POST', '/session/batches', 'not json');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([{ in: 'body', name: 'body', message: expect.any(String) }]);
  });
});
