/** What the access-policy journeys share: people signed in through the development provider, and a student with one note per audience. */
import type { Browser } from './fixtures.ts';
import { expect } from './fixtures.ts';
import { signInRequest } from './support.ts';

export async function as(browser: Browser, baseURL: string | undefined, identifier: string) {
  const context = await browser.newContext(baseURL ? { baseURL, viewport: { width: 1440, height: 900 } } : {});
  const page = await context.newPage();
  await signInRequest(page.request, identifier);
  return { page, context, request: page.request };
}

/** A staff member outside the records group, and not in the student's network (which is set to `member` alone). */
export async function setUp(browser: Browser, baseURL: string | undefined, STUDENT: string) {
  const admin = await as(browser, baseURL, 'E0001');
  const origin = { origin: new URL(baseURL!).origin };
  const advisors: string[] = [];
  for (let n = 2; n <= 40 && advisors.length < 2; n += 1) {
    const id = `E${String(n).padStart(4, '0')}`;
    const who = await as(browser, baseURL, id);
    const session = (await (await who.request.get('/session')).json()) as { groups: string[] };
    if (!session.groups.includes('success-records') && !session.groups.includes('success-admins')) advisors.push(id);
    await who.context.close();
  }
  const [memberId, outsiderId] = advisors as [string, string];
  expect((await admin.request.put(`/api/people/${STUDENT}/successNetwork`, { headers: origin, data: [{ identifier: memberId }] })).status()).toBe(204);
  const member = await as(browser, baseURL, memberId);
  const stamp = Date.now().toString(36);
  const notes = { All: `policy-all-${stamp}`, FullNetwork: `policy-network-${stamp}`, Private: `policy-private-${stamp}` };
  for (const [audienceType, marker] of Object.entries(notes)) {
    const created = await member.request.post('/api/notations/updates/', {
      headers: origin,
      data: { audienceType, canStudentView: false, details: `Policy note ${marker}.`, student: { identifier: STUDENT } },
    });
    expect(created.status()).toBe(201);
  }
  await Promise.all([admin.context.close(), member.context.close()]);
  return { outsiderId, notes };
}
