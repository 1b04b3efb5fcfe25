import type { Hono } from 'hono';
import { factsOf, orderSentence, sourceSentence } from '../../api/my-students-facts.ts';
import { MyStudentsSchema, type MyStudent, type MyStudents } from '../../api/my-students.ts';
import { BORDER_RADIUS, BREAKPOINTS, SCHEMES, SPACING, TYPE } from '../../app/layout-values.ts';
import { paths } from '../../app/route-table.ts';
import { readAsVisitor } from './read-as-visitor.ts';

/**
 * The home's first rows in the server's first frame (#32: first rows within a second). For `/`
 * the gateway has been reading the person's home since the browser asked for the page
 * (my-students/routes.ts `startEarly`); when that answer is ready within BUDGET_MS, the page's HTML
 * carries a picture of the first rows, painted before any code has run, and the answer stays for
 * the app's own request a moment later (read once, sent twice). Not the whole answer as data in
 * the page: 700 rows of JSON took Chromium some 300 ms more to parse before its first paint than
 * the request the app then makes. Read through the gateway's own `/session/my-students` as the
 * visitor (their cookie), so the same session, notice and access-log rules apply: the read is
 * logged before the page leaves. Anything else — signed out, a slow home, a failure, a URL with a
 * sort or a filter — sends the page as before.
 */
export const BUDGET_MS = 600;
/** Rows painted: more than a 1440×900 screen shows. */
export const PICTURED_ROWS = 8;
/** Asks `/session/my-students` to answer within so many ms, or 204 (the reading then stays for the app). */
export const HOME_WAIT_HEADER = 'x-home-wait-ms';

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The home of the visitor of `request`, when it is ready within BUDGET_MS; undefined otherwise. */
export async function readHome(app: Hono, request: Request): Promise<MyStudents | undefined> {
  const url = new URL(request.url);
  if (url.pathname !== '/' || url.search !== '' || !request.headers.get('cookie')) return undefined;
  // The service answers by BUDGET_MS (HOME_WAIT_HEADER); the race only bounds one that does not.
  const answer = await readAsVisitor(app, request, BUDGET_MS + 100, async (fetch) => {
    const response = await fetch(`${url.origin}/session/my-students`, { headers: { [HOME_WAIT_HEADER]: String(BUDGET_MS) } });
    return response.status === 200 ? MyStudentsSchema.safeParse(await response.json()) : undefined;
  });
  return answer?.success ? answer.data : undefined;
}

const rowHtml = (row: MyStudent, answer: MyStudents, nowMs: number) => {
  const reasons =
    row.reasons.length > 0
      ? `<ul class="ss-reasons">${row.reasons.map((r) => `<li>${escapeHtml(r.text)}</li>`).join('')}</ul>`
      : `<p class="ss-quiet">No reason for attention</p>`;
  return (
    `<li data-testid="my-student-picture"><div class="ss-card">` +
    `<div class="ss-who"><a href="${escapeHtml(paths.student(row.student))}" elementtiming="home-row">${escapeHtml(row.name)}</a><span>${escapeHtml(row.student)}</span>` +
    `${row.watching ? '<span class="ss-watching">Watching</span>' : ''}</div>` +
    `${reasons}<p class="ss-facts">${escapeHtml(factsOf(row, nowMs, answer.contactSince).join(' · '))}</p></div></li>`
  );
};

/** The first rows as the home shows them in attention order, with the sentences above them and room for its two pickers. */
export function homePictureHtml(answer: MyStudents, nowMs: number): string {
  if (answer.students.length === 0) return '';
  const needing = answer.students.filter((s) => s.reasons.length > 0).length;
  const rows = answer.students.slice(0, PICTURED_ROWS).map((row) => rowHtml(row, answer, nowMs));
  return (
    `<div class="ss-home"><p>${escapeHtml(sourceSentence(answer))}</p><p class="ss-quiet">${escapeHtml(orderSentence(needing))}</p>` +
    `<div class="ss-pickers"></div><ul class="ss-rows">${rows.join('')}</ul></div>`
  );
}

const px = (units: number) => `${units * SPACING}px`;
const warningText = { light: '#fff', dark: 'rgba(0,0,0,.87)' };

/** The picture's stylesheet, from the layout values the theme is built from (the card, the chips' warning colour). */
export const HOME_PICTURE_CSS = [
  `:root{--ss-warn:${SCHEMES.light.warning};--ss-warn-text:${warningText.light}}`,
  `@media (prefers-color-scheme:dark){:root:not(.light){--ss-warn:${SCHEMES.dark.warning};--ss-warn-text:${warningText.dark}}}`,
  `:root.dark{--ss-warn:${SCHEMES.dark.warning};--ss-warn-text:${warningText.dark}}`,
  `.ss-home{max-width:960px;display:flex;flex-direction:column;gap:${px(2)};margin-top:${px(2)}}`,
  `.ss-home p{margin:0}.ss-home .ss-quiet{color:var(--ss-text2);font-size:${TYPE.body2.fontSize};line-height:${TYPE.body2.lineHeight}}`,
  `.ss-pickers{height:${2 * 40 + 16}px}@media (min-width:${BREAKPOINTS.sm}px){.ss-pickers{height:40px}}`,
  `.ss-rows{list-style:none;margin:0;padding:0}.ss-rows>li{padding-bottom:12px}`,
  `.ss-card{background:var(--ss-paper);border:1px solid var(--ss-divider);border-radius:${BORDER_RADIUS}px;padding:${px(1.5)}}`,
  `@media (min-width:${BREAKPOINTS.sm}px){.ss-card{padding:${px(2)}}}`,
  `.ss-who{display:flex;flex-wrap:wrap;align-items:center;gap:${px(1)};min-height:34px}`,
  `#app-shell .ss-who a{color:var(--ss-primary);font-weight:600;font-size:1rem;line-height:1.75;overflow-wrap:anywhere;text-decoration:underline;text-decoration-color:color-mix(in srgb,currentColor 40%,transparent)}`,
  `.ss-who span{color:var(--ss-text2);font-size:${TYPE.body2.fontSize};line-height:${TYPE.body2.lineHeight}}`,
  `.ss-who .ss-watching{color:var(--ss-primary);border:1px solid var(--ss-primary);border-radius:16px;padding:0 7px;font-size:.8125rem;line-height:22px}`,
  `.ss-reasons{display:flex;flex-wrap:wrap;gap:${px(1)};list-style:none;margin:${px(0.5)} 0 0;padding:0}`,
  `.ss-reasons li{background:var(--ss-warn);color:var(--ss-warn-text);border-radius:16px;padding:2px 8px;font-size:.8125rem;line-height:1.5}`,
  `.ss-card>.ss-quiet{margin-top:${px(0.5)}}.ss-home .ss-facts{margin-top:${px(0.75)};font-size:${TYPE.body2.fontSize};line-height:${TYPE.body2.lineHeight}}`,
].join('');
