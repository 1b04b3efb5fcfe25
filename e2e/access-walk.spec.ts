import type { APIRequestContext, Browser, Page } from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { signInRequest } from './support.ts';

/**
 * #30, "Done when": no response of the gateway, to any signed-in person, contains the text of a
 * note they may not see. Notes and comments with unique markers are written under each audience;
 * then each kind of person walks every page of the dashboard (and the student's own pages), and
 * every answer the browser receives — API, HTML, anything the gateway sends — is searched for the
 * markers that person must not read. The markers they may read are looked for too: a walk that
 * saw nothing would prove nothing.
 */
const STUDENT = 'S000150';

test.use({ serverEnv: { ACCESS_ENFORCEMENT: 'on' } });

type Audience = 'Private' | 'FullNetwork' | 'All';
const AUDIENCES: readonly Audience[] = ['Private', 'FullNetwork', 'All'];

async function as(browser: Browser, baseURL: string | undefined, identifier: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await signInRequest(page.request, identifier);
  return { page, context, request: page.request };
}

async function groupsOf(request: APIRequestContext) {
  const session = (await (await request.get('/session')).json()) as { groups: string[]; requiredGroups: { admin: string; records?: string } };
  return {
    admin: session.groups.includes(session.requiredGroups.admin),
    records: session.groups.includes(session.requiredGroups.records ?? 'success-records'),
  };
}

/** Every answer the page receives from the dashboard's origin, as text. */
function recordAnswers(page: Page, origin: string): { texts: string[]; settled: () => Promise<void> } {
  const texts: string[] = [];
  const pending = new Set<Promise<void>>();
  page.on('response', (response) => {
    if (!response.url().startsWith(origin)) return;
    const type = response.headers()['content-type'] ?? '';
    if (/javascript|css|font|image|woff/.test(type)) return;
    const read = response
      .text()
      .then((text) => void texts.push(`${response.url()}\n${text}`))
      .catch(() => undefined)
      .finally(() => pending.delete(read));
    pending.add(read);
  });
  return { texts, settled: async () => void (await Promise.all([...pending])) };
}

test('no answer to any kind of person carries the text of a note they may not see, on a walk of every page', async ({ browser, baseURL }) => {
  test.setTimeout(420_000);
  const origin = new URL(baseURL!).origin;
  const headers = { origin };

  // Three staff members without institution-wide access: the author and a colleague in the
  // student's network, and someone outside it. E0001 is an administrator with the records group.
  const advisors: string[] = [];
  for (let n = 2; n <= 40 && advisors.length < 3; n += 1) {
    const id = `E${String(n).padStart(4, '0')}`;
    const who = await as(browser, baseURL, id);
    const g = await groupsOf(who.request);
    if (!g.admin && !g.records) advisors.push(id);
    await who.context.close();
  }
  const [authorId, colleagueId, outsiderId] = advisors as [string, string, string];
  const admin = await as(browser, baseURL, 'E0001');
  expect(await groupsOf(admin.request)).toEqual({ admin: true, records: true });
  const put = await admin.request.put(`/api/people/${STUDENT}/successNetwork`, { headers, data: [{ identifier: authorId }, { identifier: colleagueId }] });
  expect(put.status()).toBe(204);

  // One update and one comment under each audience, each with its own marker.
  const stamp = Date.now().toString(36);
  const marker = (audience: Audience, what: 'note' | 'comment') => `walk-${what}-${audience.toLowerCase()}-${stamp}`;
  const author = await as(browser, baseURL, authorId);
  for (const audience of AUDIENCES) {
    const created = await author.request.post('/api/notations/updates/', {
      headers,
      data: { audienceType: audience, canStudentView: false, details: `Walk note ${marker(audience, 'note')}.`, student: { identifier: STUDENT } },
    });
    expect(created.status()).toBe(201);
    const { href } = (await created.json()) as { href: string };
    const comment = await author.request.post(`/api/notations/updates/${href.replace(/\/$/, '').split('/').at(-1)}/comments`, {
      headers,
      data: { details: `Walk comment ${marker(audience, 'comment')}.` },
    });
    expect(comment.status(), await comment.text()).toBe(201);
  }
  await author.context.close();

  const administration = ((await (await admin.request.get('/api/noncognitives/administrations/?pageSize=1')).json()) as { values: { id: number | string }[] })
    .values[0]!.id;
  const pages = [
    '/',
    '/students',
    `/students/${STUDENT}`,
    `/students/${STUDENT}/network`,
    '/alerts',
    '/caseloads',
    `/caseloads?staff=${authorId}`,
    '/scores',
    `/scores/${administration}`,
    `/scores/${administration}/${STUDENT}`,
    '/admin/categories',
    '/admin/triggers',
    '/admin/triggers/1',
    `/admin/triggers/1/apply?students=${STUDENT}`,
    '/admin/journal',
    `/admin/access-log?student=${STUDENT}`,
  ];
  // Who may read which audience (ACCESS_POLICY=relationship, the default).
  const people: { id: string; label: string; reads: readonly Audience[] }[] = [
    { id: authorId, label: 'the author', reads: ['Private', 'FullNetwork', 'All'] },
    { id: colleagueId, label: 'a colleague in the network', reads: ['FullNetwork', 'All'] },
    { id: 'E0001', label: 'an administrator with the records group', reads: ['All'] },
    { id: outsiderId, label: 'someone outside the network', reads: [] },
  ];
  await admin.context.close();

  for (const person of people) {
    const who = await as(browser, baseURL, person.id);
    const answers = recordAnswers(who.page, origin);
    for (const path of pages) {
      await who.page.goto(path);
      await who.page.waitForLoadState('networkidle');
      // The timeline's comments are fetched when a note is opened: open every "comments" control there is.
      if (path === `/students/${STUDENT}`) {
        // The timeline has come in (or the refusal has been said) before anything is judged.
        if (person.reads.length > 0) await expect(who.page.getByText(`Walk note ${marker('All', 'note')}.`)).toBeVisible({ timeout: 30_000 });
        else await expect(who.page.getByText("You are not in this student's success network")).toBeVisible({ timeout: 30_000 });
        for (const toggle of await who.page.getByRole('button', { name: /comment/i }).all()) {
          if (await toggle.isVisible()) await toggle.click().catch(() => undefined);
        }
        await who.page.waitForLoadState('networkidle');
      }
    }
    await answers.settled();
    const everything = answers.texts.join('\n');
    for (const audience of AUDIENCES) {
      for (const what of ['note', 'comment'] as const) {
        const text = marker(audience, what);
        if (person.reads.includes(audience)) {
          // The timeline shows notes; comments are fetched when asked for: require the notes.
          if (what === 'note') expect(everything, `${person.label} reads the ${audience} note`).toContain(text);
        } else {
          const carrying = answers.texts.filter((t) => t.includes(text)).map((t) => t.split('\n')[0]);
          expect(carrying, `${person.label} (${person.id}) must not receive the ${audience} ${what}`).toEqual([]);
        }
      }
    }
    await who.context.close();
  }
});
