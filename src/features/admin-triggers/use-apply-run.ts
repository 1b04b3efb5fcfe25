import { useState } from 'react';
import type { Trigger } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { useUpdateTrigger } from '../../queries/triggers.ts';
import { applyInChunks, planChunks, studentsAlreadyApplied, type ApplyRun } from './apply-chunks.ts';

/**
 * One application of `trigger` in chunks (apply-chunks.ts), written in `author`'s name: started
 * once, each failed chunk retried alone; `startedAt` is when it began, before which nothing it
 * sent can have been created.
 */
export function useApplyRun(trigger: Trigger | undefined, author: string | undefined) {
  const api = useApi();
  const save = useUpdateTrigger();
  const [run, setRun] = useState<ApplyRun | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);

  const go = async (base: ApplyRun, since: number, only?: number[]) => {
    if (!trigger || !author) return;
    const triggerId = trigger.id;
    const result = await applyInChunks({
      run: base,
      ...(only ? { only } : {}),
      send: (chunk) => save.mutateAsync({ id: triggerId, body: { modifiedBy: { identifier: author }, studentIdentifiers: [...chunk] } }),
      // Before sending again what may have been applied: who got this trigger's notation since the run began.
      alreadyApplied: (chunk) => studentsAlreadyApplied(api, trigger, chunk, since),
      onChange: setRun,
    });
    setRun(result);
  };

  const start = (students: readonly string[]) => {
    const plan = planChunks(students);
    // A second earlier, for a clock that ticks between the browser and the service.
    const since = Date.now() - 1000;
    setStartedAt(since);
    setRun(plan);
    void go(plan, since);
  };

  const running = run?.states.some((s) => s.status === 'sending') ?? false;
  return {
    run,
    startedAt,
    running,
    finished: run !== null && !running && run.states.every((s) => s.status === 'done' || s.status === 'failed'),
    start,
    retry: (only: number[] | undefined) => {
      if (run && startedAt !== null) void go(run, startedAt, only);
    },
    reset: () => {
      setRun(null);
      setStartedAt(null);
    },
  };
}
