/**
 * Triggers: E12, E13 (decisions §7), triggers list (§9).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { expectProblem, expectShape, expectStatus, type J, personHref, personIdOf, useContract } from './helpers.ts';

const ctx = useContract({ people: true });
const { S, staff, student } = ctx;
let triggers: J[] = [];

beforeAll(async () => {
  const env = await ctx.api.ok('/notations/triggers/', { pageSize: 1000 });
  triggers = env.values;
}, 60_000);

async function notationsOf(sid: string): Promise<{ insights: J[]; alerts: J[] }> {
  const [d, a] = await Promise.all([
    ctx.api.ok('/notations/dataInsights/', { identifiers: sid, pageSize: 1000 }),
    ctx.api.ok('/notations/alerts/', { identifiers: sid, pageSize: 1000 }),
  ]);
  return { insights: d.values, alerts: a.values };
}

/** E13 by staff(1) with a run for one student: the trigger's new fields, then the notation it creates for `sid`. */
function runTrigger(id: number, sid: string, fields: { name: string; additionalAdvice: string; elevateToAlert: boolean }) {
  return ctx.api.patch(`/notations/triggers/${id}`, { modifiedBy: { identifier: staff(1) }, ...fields, studentIdentifiers: [sid] });
}

/** A notation a trigger's run created for `sid`: the contract's shape, and the trigger's text in its details. */
function expectTriggered(schema: z.ZodType, notation: J, sid: string, texts: string[]): void {
  expectShape(schema, notation);
  for (const text of texts) expect(notation.details).toContain(text);
  expect(notation.student.href).toBe(personHref(ctx.b.baseUrl, sid));
}

function newOnes(before: J[], after: J[]): J[] {
  const ids = new Set(before.map((x) => x.id));
  return after.filter((x) => !ids.has(x.id));
}

describe('triggers list (§9) and E12', () => {
  it('list: envelope of Trigger; each E12 equals its list item', async () => {
    const env = await ctx.api.ok('/notations/triggers/');
    expectShape(S.envelope(S.trigger), env, 'triggers list');
    expect(env.totalValues).toBeGreaterThan(1);
    for (const t of triggers) {
      const one = await ctx.api.ok(`/notations/triggers/${t.id}`);
      expectShape(S.trigger, one, 'E12');
      expect(one).toEqual(t);
      expect(await ctx.api.ok(t.self.href)).toEqual(t);
    }
    expect((await ctx.api.ok('/notations/triggers', { pageSize: 1000 })).values).toEqual(triggers);
  });

  it('unknown id → 404; bad id → 400', async () => {
    expectProblem(await ctx.api.get('/notations/triggers/999999999'), 404);
    for (const bad of ['abc', '0', '-1', '1.5']) expectProblem(await ctx.api.get(`/notations/triggers/${bad}`), 400);
  });
});

describe('E13 update a trigger', () => {
  it('only the fields sent change; 204 without body', async () => {
    const t = triggers[0];
    const r = await ctx.api.patch(`/notations/triggers/${t.id}`, { modifiedBy: { identifier: staff(0) }, additionalAdvice: 'Check in weekly.' });
    expectStatus(r, 204);
    expect(r.text).toBe('');
    expect(await ctx.api.ok(`/notations/triggers/${t.id}`)).toEqual({ ...t, additionalAdvice: 'Check in weekly.' });

    const r2 = await ctx.api.patch(`/notations/triggers/${t.id}`, { modifiedBy: { identifier: staff(0) }, name: 'Renamed trigger' });
    expectStatus(r2, 204);
    expect(await ctx.api.ok(`/notations/triggers/${t.id}`)).toEqual({ ...t, additionalAdvice: 'Check in weekly.', name: 'Renamed trigger' });

    const r3 = await ctx.api.patch(`/notations/triggers/${t.id}`, { modifiedBy: { identifier: staff(0) }, elevateToAlert: !t.elevateToAlert });
    expectStatus(r3, 204);
    const now = await ctx.api.ok(`/notations/triggers/${t.id}`);
    expect(now).toEqual({ ...t, additionalAdvice: 'Check in weekly.', name: 'Renamed trigger', elevateToAlert: !t.elevateToAlert });

    const r4 = await ctx.api.patch(`/notations/triggers/${t.id}`, { modifiedBy: { identifier: staff(0) } });
    expectStatus(r4, 204);
    expect(await ctx.api.ok(`/notations/triggers/${t.id}`)).toEqual(now);
  });

  it('elevateToAlert false: one Data insight of type Api per listed student, carrying name and advice', async () => {
    const t = triggers[1];
    const sids = [student(20), student(21), student(22)];
    const before = await Promise.all(sids.map(notationsOf));
    const r = await ctx.api.patch(`/notations/triggers/${t.id}`, {
      modifiedBy: { identifier: staff(1) },
      name: 'Low attendance watch',
      additionalAdvice: 'Reach out within 48 hours.',
      elevateToAlert: false,
      studentIdentifiers: sids,
    });
    expectStatus(r, 204);
    const after = await Promise.all(sids.map(notationsOf));
    sids.forEach((sid, i) => {
      const ins = newOnes(before[i]!.insights, after[i]!.insights);
      expect(ins.length, `new data insights for ${sid}`).toBe(1);
      const d = ins[0];
      expectTriggered(S.dataInsight, d, sid, ['Low attendance watch', 'Reach out within 48 hours.']);
      expect(d.dataInsightType).toBe('Api');
      expect(newOnes(before[i]!.alerts, after[i]!.alerts)).toEqual([]);
    });
    const t2 = await ctx.api.ok(`/notations/triggers/${t.id}`);
    expect(t2).toEqual({ ...t, name: 'Low attendance watch', additionalAdvice: 'Reach out within 48 hours.', elevateToAlert: false });
  });

  it('elevateToAlert true: an Open Alert per listed student, from the trigger as it stands after the edit; earlier notations unchanged', async () => {
    const t = triggers[2];
    const sid = student(30);
    const s0 = await notationsOf(sid);
    // first run: data insight
    expectStatus(await runTrigger(t.id, sid, { name: 'First name', additionalAdvice: 'First advice', elevateToAlert: false }), 204);
    const s1 = await notationsOf(sid);
    const firstInsight = newOnes(s0.insights, s1.insights);
    expect(firstInsight.length).toBe(1);

    // second run: elevate in the same PATCH; the new alert uses the new name/advice
    expectStatus(await runTrigger(t.id, sid, { name: 'Second name', additionalAdvice: 'Second advice', elevateToAlert: true }), 204);
    const s2 = await notationsOf(sid);
    expect(newOnes(s1.insights, s2.insights)).toEqual([]);
    const alerts = newOnes(s1.alerts, s2.alerts);
    expect(alerts.length).toBe(1);
    const a = alerts[0];
    expectTriggered(S.alert, a, sid, ['Second name', 'Second advice']);
    expect(a.status).toBe('Open');
    // the earlier notation is not changed
    expect(await ctx.api.ok(firstInsight[0].self.href)).toEqual(firstInsight[0]);
    // a third edit without students creates nothing and leaves the alert alone
    expectStatus(await ctx.api.patch(`/notations/triggers/${t.id}`, { modifiedBy: { identifier: staff(1) }, name: 'Third name' }), 204);
    const s3 = await notationsOf(sid);
    expect(s3.alerts.length).toBe(s2.alerts.length);
    expect(s3.insights.length).toBe(s2.insights.length);
    expect(await ctx.api.ok(a.self.href)).toEqual(a);
  });

  it('the action follows the stored elevateToAlert when the PATCH does not send it', async () => {
    const t = triggers[7] ?? triggers[0];
    const sid = student(70);
    expectStatus(await ctx.api.patch(`/notations/triggers/${t.id}`, { modifiedBy: { identifier: staff(1) }, elevateToAlert: true }), 204);
    const before = await notationsOf(sid);
    expectStatus(await ctx.api.patch(`/notations/triggers/${t.id}`, { modifiedBy: { identifier: staff(1) }, studentIdentifiers: [sid] }), 204);
    const after = await notationsOf(sid);
    expect(newOnes(before.alerts, after.alerts).length).toBe(1);
    expect(newOnes(before.insights, after.insights).length).toBe(0);
    expectStatus(await ctx.api.patch(`/notations/triggers/${t.id}`, { modifiedBy: { identifier: staff(1) }, elevateToAlert: false }), 204);
    expectStatus(await ctx.api.patch(`/notations/triggers/${t.id}`, { modifiedBy: { identifier: staff(1) }, studentIdentifiers: [sid] }), 204);
    const after2 = await notationsOf(sid);
    expect(newOnes(after.insights, after2.insights).map((d) => d.dataInsightType)).toEqual(['Api']);
    expect(newOnes(after.alerts, after2.alerts).length).toBe(0);
  });

  it('empty studentIdentifiers creates nothing', async () => {
    const t = triggers[3];
    const before = (await ctx.api.ok('/notations/dataInsights/', { pageSize: 1 })).totalValues;
    const beforeA = (await ctx.api.ok('/notations/alerts/', { pageSize: 1 })).totalValues;
    expectStatus(await ctx.api.patch(`/notations/triggers/${t.id}`, { modifiedBy: { identifier: staff(1) }, studentIdentifiers: [] }), 204);
    expect((await ctx.api.ok('/notations/dataInsights/', { pageSize: 1 })).totalValues).toBe(before);
    expect((await ctx.api.ok('/notations/alerts/', { pageSize: 1 })).totalValues).toBe(beforeA);
  });

  it('invalid bodies → 400 naming the field; the trigger and the notations are unchanged', async () => {
    const t = await ctx.api.ok(`/notations/triggers/${triggers[4].id}`);
    const sid = student(40);
    const before = await notationsOf(sid);
    const totals = async (): Promise<number[]> => [
      (await ctx.api.ok('/notations/dataInsights/', { pageSize: 1 })).totalValues,
      (await ctx.api.ok('/notations/alerts/', { pageSize: 1 })).totalValues,
    ];
    const t0 = await totals();
    const cases: Array<[unknown, string]> = [
      [{ name: 'No modifier' }, 'modifiedBy'],
      [{ modifiedBy: {}, name: 'x' }, 'modifiedBy'],
      [{ modifiedBy: { identifier: 42 }, name: 'x' }, 'modifiedBy'],
      [{ modifiedBy: { identifier: staff(1) }, name: 'Bad students', studentIdentifiers: [sid, 'S999999999'] }, 'S999999999'],
      [{ modifiedBy: { identifier: staff(1) }, name: 'Staff as student', studentIdentifiers: [sid, staff(2)] }, staff(2)],
      [{ modifiedBy: { identifier: staff(1) }, studentIdentifiers: sid }, 'studentIdentifiers'],
      [{ modifiedBy: { identifier: staff(1) }, studentIdentifiers: [7] }, 'studentIdentifiers'],
      [{ modifiedBy: { identifier: staff(1) }, elevateToAlert: 'yes' }, 'elevateToAlert'],
      [{ modifiedBy: { identifier: staff(1) }, name: 12 }, 'name'],
      [{ modifiedBy: { identifier: staff(1) }, additionalAdvice: false }, 'additionalAdvice'],
      [{ modifiedBy: { identifier: staff(1) }, audienceType: 'All' }, 'audienceType'],
      [{ modifiedBy: { identifier: staff(1), role: 'x' } }, 'role'],
      [{ modifiedBy: { identifier: staff(1) }, id: 3 }, 'id'],
    ];
    for (const [body, field] of cases) {
      const r = await ctx.api.patch(`/notations/triggers/${t.id}`, body);
      try {
        expectProblem(r, 400); // decisions §7 asks only for 400 here; `field` is for the failure message
        void field;
      } catch (e) {
        throw new Error(`${JSON.stringify(body).slice(0, 100)}: ${(e as Error).message}`, { cause: e });
      }
    }
    for (const raw of ['[]', '{"modifiedBy":', 'null']) {
      expectProblem(await ctx.api.patch(`/notations/triggers/${t.id}`, undefined, { raw, headers: { 'Content-Type': 'application/json' } }), 400);
    }
    expect(await ctx.api.ok(`/notations/triggers/${t.id}`)).toEqual(t);
    expect(await notationsOf(sid)).toEqual(before);
    expect(await totals()).toEqual(t0);
  });

  it('unknown trigger → 404, bad id → 400, nothing created', async () => {
    const sid = student(41);
    const before = await notationsOf(sid);
    expectProblem(await ctx.api.patch('/notations/triggers/999999999', { modifiedBy: { identifier: staff(1) }, studentIdentifiers: [sid] }), 404);
    expectProblem(await ctx.api.patch('/notations/triggers/abc', { modifiedBy: { identifier: staff(1) }, studentIdentifiers: [sid] }), 400);
    expect(await notationsOf(sid)).toEqual(before);
  });

  it('non-JSON Content-Type → 415, nothing changes', async () => {
    const t = await ctx.api.ok(`/notations/triggers/${triggers[5].id}`);
    const r = await ctx.api.patch(`/notations/triggers/${t.id}`, undefined, {
      raw: JSON.stringify({ modifiedBy: { identifier: staff(1) }, name: 'via form' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectProblem(r, 415);
    expect(await ctx.api.ok(`/notations/triggers/${t.id}`)).toEqual(t);
  });

  it('trigger-made notations carry resolvable links', async () => {
    const sid = student(50);
    const t = triggers[6] ?? triggers[0];
    const before = await notationsOf(sid);
    expectStatus(
      await ctx.api.patch(`/notations/triggers/${t.id}`, { modifiedBy: { identifier: staff(3) }, elevateToAlert: true, studentIdentifiers: [sid] }),
      204,
    );
    const a = newOnes(before.alerts, (await notationsOf(sid)).alerts)[0];
    expect(a).toBeDefined();
    expect(personIdOf(a.student.href)).toBe(sid);
    for (const h of [a.self.href, a.student.href, a.createdBy.href, a.comments.href, a.categories.href]) {
      expectStatus(await ctx.api.get(h), 200);
    }
  });
});
