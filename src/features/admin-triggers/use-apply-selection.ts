import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Trigger } from '../../api/schemas/index.ts';
import { parseIdentifiers } from '../../lib/identifiers.ts';
import { useApi } from '../../queries/api-context.tsx';
import { triggerApplyQueries } from './apply-queries.ts';
import type { TriggerNotation } from './trigger-notations.ts';

/**
 * The students the checked text names (`checked`, null before the first check): who each
 * identifier is, the students among them in the order given, and what this trigger gave them lately.
 */
export function useApplySelection(checked: string | null, trigger: Trigger | undefined) {
  const api = useApi();
  const parsed = useMemo(() => parseIdentifiers(checked ?? ''), [checked]);
  const resolve = useQuery({ ...triggerApplyQueries.resolve(api, parsed.unique), enabled: checked !== null && parsed.unique.length > 0 });
  const students = useMemo(
    () =>
      resolve.data
        ? parsed.unique.flatMap((identifier) => {
            const r = resolve.data.get(identifier);
            return r?.status === 'student' ? [r.person] : [];
          })
        : [],
    [resolve.data, parsed.unique],
  );
  const studentIds = useMemo(() => students.map((s) => s.identifier), [students]);
  const recent = useQuery({
    ...triggerApplyQueries.recent(api, trigger, studentIds),
    enabled: trigger !== undefined && studentIds.length > 0,
  });
  const recentByStudent = useMemo(() => {
    const map = new Map<string, TriggerNotation[]>();
    for (const n of recent.data ?? []) map.set(n.student, [...(map.get(n.student) ?? []), n]);
    return map;
  }, [recent.data]);
  return {
    duplicates: parsed.duplicates,
    resolve,
    students,
    studentIds,
    recent,
    recentByStudent,
    withRecent: students.filter((s) => recentByStudent.has(s.identifier)),
  };
}

export type ApplySelection = ReturnType<typeof useApplySelection>;
