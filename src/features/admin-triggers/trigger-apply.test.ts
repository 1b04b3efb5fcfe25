import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { triggerActionDetails } from '../../backend/routes/triggers.routes.ts';
import { setupTestBackend } from '../../testing/setup-test-backend.ts';
import { applyInChunks, planChunks, studentsAlreadyApplied } from './apply-chunks.ts';
import { resolveStudents } from './resolve-students.ts';
import { isFromTrigger, notationsFromTrigger, triggerNotationText } from './trigger-notations.ts';
import { replaceIdentifiers } from '../../lib/identifiers.ts';

const { api } = setupTestBackend();

describe('the notation text', () => {
  it('is what the reference backend writes (name, blank line, advice when there is any)', () => {
    for (const [name, advice] of [
      ['Three absences', 'Call them.'],
      ['Midterm below C', ''],
      ['Only spaces', '   '],
    ] as const) {
      expect(triggerNotationText({ name, additionalAdvice: advice })).toBe(triggerActionDetails(name, advice));
      expect(isFromTrigger(triggerActionDetails(name, advice), { name, additionalAdvice: advice })).toBe(true);
    }
    expect(isFromTrigger('Three absences in MATH 121', { name: 'Three absences', additionalAdvice: 'x' })).toBe(false);
  });
});

describe('chunks', () => {
  it('at most 100 a request; a failed chunk is retried alone, a done one never again', async () => {
    const students = Array.from({ length: 250 }, (_, i) => `S${i}`);
    const plan = planChunks(students);
    expect(plan.chunks.map((c) => c.length)).toEqual([100, 100, 50]);
    const sent: string[] = [];
    let fail = true;
    const send = async (chunk: readonly string[]) => {
      sent.push(chunk[0]!);
      if (chunk[0] === 'S100' && fail) throw new Error('boom');
    };
    const first = await applyInChunks({ run: plan, send, onChange: () => undefined });
    expect(first.states.map((s) => s.status)).toEqual(['done', 'failed', 'done']);
    fail = false;
    const second = await applyInChunks({ run: first, send, only: [1], onChange: () => undefined });
    expect(second.states.map((s) => s.status)).toEqual(['done', 'done', 'done']);
    expect(sent).toEqual(['S0', 'S100', 'S200', 'S100']);
  });
});

describe('a chunk whose answer was lost (#31 item 1)', () => {
  const lost = () => new ApiError({ kind: 'network', operation: 'triggers.update', cause: new Error('socket hang up') });
  const students = Array.from({ length: 150 }, (_, i) => `S${String(i + 301).padStart(6, '0')}`);

  it('a retry finds what the lost attempt created and sends only the rest: no student gets two', async () => {
    const trigger = await api().triggers.get(3);
    const since = Date.now() - 1000;
    const calls: number[] = [];
    // The second chunk reaches the service, which applies it; its answer never comes back.
    let loseNext = true;
    const send = async (chunk: readonly string[]) => {
      calls.push(chunk.length);
      await api().triggers.update(trigger.id, { modifiedBy: { identifier: 'E0001' }, studentIdentifiers: [...chunk] });
      if (chunk[0] === students[100] && loseNext) {
        loseNext = false;
        throw lost();
      }
    };
    const alreadyApplied = (chunk: readonly string[]) => studentsAlreadyApplied(api(), trigger, chunk, since);
    const first = await applyInChunks({ run: planChunks(students), send, alreadyApplied, onChange: () => undefined });
    expect(first.states.map((s) => s.status)).toEqual(['done', 'failed']);

    const retried = await applyInChunks({ run: first, send, alreadyApplied, only: [1], onChange: () => undefined });
    expect(retried.states[1]).toEqual({ status: 'done', already: 50 });
    expect(calls).toEqual([100, 50]);
    const found = await notationsFromTrigger(api(), trigger, students, since, { kinds: [trigger.elevateToAlert ? 'alert' : 'dataInsight'] });
    expect(found).toHaveLength(150);
    expect(new Set(found.map((n) => n.student)).size).toBe(150);
  });

  it('a request that never reached the service is sent whole on retry; a refusal (4xx) is sent again without a check', async () => {
    const trigger = await api().triggers.get(4);
    const since = Date.now() - 1000;
    const chunk = students.slice(0, 20).map((s) => s.replace(/^S0003/, 'S0004'));
    let fail: 'network' | 'refused' | null = 'network';
    const checked: number[] = [];
    const send = async (part: readonly string[]) => {
      if (fail === 'network') throw lost();
      if (fail === 'refused') throw new ApiError({ kind: 'http', status: 409, operation: 'triggers.update' });
      await api().triggers.update(trigger.id, { modifiedBy: { identifier: 'E0001' }, studentIdentifiers: [...part] });
    };
    const alreadyApplied = async (part: readonly string[]) => {
      checked.push(part.length);
      return studentsAlreadyApplied(api(), trigger, part, since);
    };
    const first = await applyInChunks({ run: planChunks(chunk), send, alreadyApplied, onChange: () => undefined });
    fail = 'refused';
    const second = await applyInChunks({ run: first, send, alreadyApplied, onChange: () => undefined });
    expect(second.states[0]?.status).toBe('failed');
    expect(checked).toEqual([20]);
    fail = null;
    const third = await applyInChunks({ run: second, send, alreadyApplied, onChange: () => undefined });
    expect(third.states[0]).toEqual({ status: 'done' });
    expect(checked).toEqual([20]);
    expect(await notationsFromTrigger(api(), trigger, chunk, since, { kinds: [trigger.elevateToAlert ? 'alert' : 'dataInsight'] })).toHaveLength(20);
  });
});

describe('an identifier typed in another case (#31 item 11)', () => {
  it("is unknown, with the student the same letters name in the service's case; the page can put that one in its place", async () => {
    const resolved = await resolveStudents(api(), ['s000003', 'S000004', 'e0001', 'x999'], {});
    expect(resolved.get('S000004')?.status).toBe('student');
    const typo = resolved.get('s000003');
    expect(typo).toMatchObject({ status: 'unknown', likely: { identifier: 'S000003', role: 'Student' } });
    // A staff member in another case is not offered as a student; nothing is offered for nobody.
    expect(resolved.get('e0001')).toEqual({ status: 'unknown' });
    expect(resolved.get('x999')).toEqual({ status: 'unknown' });
    expect(replaceIdentifiers('s000003, S000004\ns000003;s0000031', new Map([['s000003', 'S000003']]))).toBe('S000003, S000004\nS000003;s0000031');
  });
});

describe('many identifiers at once', () => {
  it('are resolved through people?identifiers= exactly as a few at a time are, one GET each', async () => {
    const students = (await api().people.list({ role: 'Student', pageSize: 45 })).values.map((p) => p.identifier);
    const identifiers = [...students, 'E0001', 'x999', students[0]!.toLowerCase()];
    const many = await resolveStudents(api(), identifiers, {});
    const few = new Map([...(await resolveStudents(api(), identifiers.slice(0, 30), {})), ...(await resolveStudents(api(), identifiers.slice(30), {}))]);
    expect(many.size).toBe(identifiers.length);
    expect(new Map([...many].map(([id, r]) => [id, r.status]))).toEqual(new Map([...few].map(([id, r]) => [id, r.status])));
    expect(many.get('E0001')?.status).toBe('not-student');
    expect(many.get(students[0]!.toLowerCase())).toMatchObject({ status: 'unknown', likely: { identifier: students[0] } });
  });
});
