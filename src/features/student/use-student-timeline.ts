import { useMemo } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { isPartial, type AllValues } from '../../api/paging.ts';
import { addHidden, type EncouragementType, type HiddenByAudience } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { useAfterPaint } from '../../components/use-after-paint.ts';
import { peopleQueries } from '../../queries/people.ts';
import type { DayRange } from '../../lib/dates.ts';
import { TIMELINE_KINDS, type TimelineKind } from './timeline-filters.ts';
import { fromAlert, fromDataInsight, fromEncouragement, fromUpdate, mergeTimeline, type Resolvers, type TimelineItem } from './timeline-items.ts';
import { studentTimelineQueries } from '../../queries/timeline.ts';
import { encouragementQueries } from '../../queries/notations.ts';

/** How one kind's load is going: the timeline shows what came and says which kind failed. */
export interface KindLoad {
  kind: TimelineKind;
  /** Not all of it is in yet (nothing, or only its newest items). */
  isPending: boolean;
  isFetching: boolean;
  /** Null unless the last load failed. */
  error: unknown;
  retry: () => void;
  /** Items of this student the service sent but the dashboard could not read. */
  invalidCount: number;
  /** Items of this kind loaded (before filters). */
  count: number;
}

export interface StudentTimeline {
  /** Every loaded item of every kind, newest first (filters not applied). */
  items: TimelineItem[];
  loads: Record<TimelineKind, KindLoad>;
  /** Some kind is still on its first load. */
  isPending: boolean;
  invalidCount: number;
  /** Notes the gateway did not send because of their audiences (their text never reaches the page); absent: none. */
  hiddenByAudience?: HiddenByAudience;
}

function resolversOf(api: ApiClient): Resolvers {
  return {
    person: (link) => api.personIdentifier(link),
    encouragementType: (link) => {
      const target = api.parseHref(link.href);
      return target?.kind === 'encouragementType' ? target.id : null;
    },
  };
}

/** The student's href in a raw (unreadable) item, when it can be found. */
function rawStudentHref(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const student = (raw as { student?: unknown }).student;
  if (typeof student !== 'object' || student === null) return null;
  const href = (student as { href?: unknown }).href;
  return typeof href === 'string' ? href : null;
}

const isWhole = (data: AllValues<unknown> | undefined): boolean => data !== undefined && !isPartial(data);

/** The creation time of the oldest item of a list that has only its newest items; -∞ when whole or empty. */
function oldestLoaded(data: AllValues<{ createdOn: string }> | undefined): number {
  if (data === undefined || !isPartial(data)) return Number.NEGATIVE_INFINITY;
  const last = data.values.at(-1);
  const time = last === undefined ? Number.NaN : Date.parse(last.createdOn);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

function loadOf(kind: TimelineKind, query: UseQueryResult<AllValues<unknown>>, invalidCount: number, count: number): KindLoad {
  return {
    kind,
    isPending: query.isPending || (query.data !== undefined && isPartial(query.data)),
    isFetching: query.isFetching,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    invalidCount,
    count,
  };
}

/**
 * Updates (E1), data insights (E5), alerts (E7) of the student over the range — each a whole
 * list (`listAll`) with categories and comments expanded — and encouragements (E10), which have
 * no student filter: the range is loaded once for everybody (one cache entry per range, shared by
 * every student's page) and narrowed to the student here.
 */
export function useStudentTimeline(student: string, range: DayRange): StudentTimeline {
  const api = useApi();
  const resolve = useMemo(() => resolversOf(api), [api]);
  const queries = studentTimelineQueries(api, student, range);
  const updates = useQuery(queries.updates);
  const dataInsights = useQuery(queries.dataInsights);
  const alerts = useQuery(queries.alerts);
  // Encouragements start once the student's own lists have answered in full, so that the first
  // rows paint without waiting behind them and are never interleaved out of order while the heads
  // load (cached, it is instant). With the §9 extension this is one small request.
  const ownSettled = [updates, dataInsights, alerts].every((query: UseQueryResult<AllValues<unknown>>) => query.isError || isWhole(query.data));
  const encouragements = useQuery({ ...queries.encouragements, enabled: ownSettled });

  const updateItems = useMemo(() => (updates.data?.values ?? []).map((u) => fromUpdate(u, resolve)), [updates.data, resolve]);
  const insightItems = useMemo(() => (dataInsights.data?.values ?? []).map((d) => fromDataInsight(d, resolve)), [dataInsights.data, resolve]);
  const alertItems = useMemo(() => (alerts.data?.values ?? []).map((a) => fromAlert(a, resolve)), [alerts.data, resolve]);
  const { encouragementItems, encouragementInvalid } = useMemo(() => {
    const data = encouragements.data;
    if (!data) return { encouragementItems: [], encouragementInvalid: 0 };
    const mine = data.values.filter((e) => resolve.person(e.student) === student);
    // Unreadable items of other students are not this page's concern.
    const invalid = data.invalidItems.filter((item) => {
      const href = rawStudentHref(item.value);
      return href !== null && resolve.person({ href }) === student;
    }).length;
    return { encouragementItems: mine.map((e) => fromEncouragement(e, resolve)), encouragementInvalid: invalid };
  }, [encouragements.data, resolve, student]);

  // While a list has only its newest items, anything older than its oldest loaded item may still
  // be missing from it: the merged timeline stops there until more has arrived.
  const horizon = Math.max(oldestLoaded(updates.data), oldestLoaded(dataInsights.data), oldestLoaded(alerts.data));
  // Nor does it start before each of the student's own lists has sent something (or failed):
  // an alert must not appear above updates it is older than just because it came later.
  // Encouragements are the exception: shared and large, they join the timeline when they come.
  const ownStarted = [updates, dataInsights, alerts].every((query: UseQueryResult<AllValues<unknown>>) => query.data !== undefined || query.isError);
  const items = useMemo(() => {
    if (!ownStarted) return [];
    const merged = mergeTimeline([updateItems, insightItems, alertItems, encouragementItems]);
    return horizon === Number.NEGATIVE_INFINITY ? merged : merged.filter((item) => item.time >= horizon);
  }, [ownStarted, updateItems, insightItems, alertItems, encouragementItems, horizon]);

  const loads: Record<TimelineKind, KindLoad> = {
    update: loadOf('update', updates, updates.data?.invalidCount ?? 0, updateItems.length),
    dataInsight: loadOf('dataInsight', dataInsights, dataInsights.data?.invalidCount ?? 0, insightItems.length),
    alert: loadOf('alert', alerts, alerts.data?.invalidCount ?? 0, alertItems.length),
    encouragement: loadOf('encouragement', encouragements, encouragementInvalid, encouragementItems.length),
  };
  const hiddenByAudience = addHidden([updates.data, dataInsights.data, alerts.data, encouragements.data].map((data) => data?.hiddenByAudience));
  return {
    items,
    loads,
    isPending: TIMELINE_KINDS.some((kind) => loads[kind].isPending),
    invalidCount: TIMELINE_KINDS.reduce((sum, kind) => sum + loads[kind].invalidCount, 0),
    ...(hiddenByAudience ? { hiddenByAudience } : {}),
  };
}

/** What to call a person: their name once known, their identifier until then (and for good when the service has no people lookup). */
export function usePersonName(identifier: string | null): { name: string | null; person: { firstName: string; lastName: string; role: string } | undefined } {
  const api = useApi();
  // A row shows the identifier until the name comes; the name is asked for once the rows have painted.
  const afterPaint = useAfterPaint();
  const query = useQuery({ ...peopleQueries.detail(api, identifier ?? ''), enabled: identifier !== null && afterPaint });
  const person = query.data;
  return { name: person ? `${person.firstName} ${person.lastName}` : identifier, person };
}

/**
 * Every encouragement type (cached 1 h), asked for once the rows have painted (see useAfterPaint):
 * their names label rows and let a search find a type, neither of which the first rows wait for.
 */
export function useEncouragementTypes() {
  const api = useApi();
  const afterPaint = useAfterPaint();
  return useQuery({ ...encouragementQueries.types(api, { pageSize: 1000 }), enabled: afterPaint });
}

/** The encouragement type of an id: from the types list; from E11 when the list is not offered. */
export function useEncouragementType(id: string | null): EncouragementType | undefined {
  const api = useApi();
  const types = useEncouragementTypes();
  const fromList = id === null ? undefined : types.data?.values.find((type) => String(type.id) === id);
  const listMissing = types.isError || (types.isSuccess && fromList === undefined);
  const single = useQuery({ ...encouragementQueries.type(api, id ?? ''), enabled: id !== null && listMissing });
  return fromList ?? single.data;
}
