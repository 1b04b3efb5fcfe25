import { describe, expect, it } from 'vitest';
import type { Alert, Update } from '../../api/schemas/index.ts';
import { NotationCache } from './notation-cache.ts';

const link = (href: string) => ({ href });
/** The fields an alert and an update share, under the alerts' or the updates' path. */
const notation = (kind: 'alerts' | 'updates', id: number, createdOn: string) => ({
  id,
  canStudentView: false,
  categories: link(`/notations/${kind}/${id}/categories`),
  comments: link(`/notations/${kind}/${id}/comments`),
  createdBy: link('/people/E0001'),
  audienceType: 'All' as const,
  createdOn,
  details: `${kind.slice(0, -1)} ${id}`,
  student: link('/people/S000001'),
  self: link(`/notations/${kind}/${id}`),
});
const alert = (id: number, createdOn: string, status: 'Open' | 'Lowered' = 'Open'): Alert => ({ ...notation('alerts', id, createdOn), status });
const update = (id: number, createdOn: string): Update => notation('updates', id, createdOn);
const plain = <T>(notation: T) => ({ notation, comments: [] });

describe('the homes’ copy of students’ notations', () => {
  it('lays what changed over the copy, newest first, keeps updates from their window, and moves the instant forward only', () => {
    const cache = new NotationCache(10);
    cache.replace('S000001', {
      alerts: [plain(alert(1, '2026-01-01T00:00:00.000Z')), plain(alert(2, '2026-02-01T00:00:00.000Z'))],
      updates: [plain(update(5, '2026-03-01T00:00:00.000Z'))],
      updatesFrom: '2026-02-15T00:00:00.000Z',
      syncedTo: '2026-03-10T00:00:00.000Z',
    });
    cache.merge('S000001', {
      alerts: [plain(alert(1, '2026-01-01T00:00:00.000Z', 'Lowered')), plain(alert(3, '2026-03-09T00:00:00.000Z'))],
      // An old update commented lately: outside the window it was read for, so not kept.
      updates: [plain(update(4, '2026-01-20T00:00:00.000Z')), plain(update(6, '2026-03-09T12:00:00.000Z'))],
      syncedTo: '2026-03-11T00:00:00.000Z',
    });
    cache.merge('S000001', { alerts: [], updates: [], syncedTo: '2026-03-10T12:00:00.000Z' });
    const copy = cache.of('S000001', '2026-03-05T00:00:00.000Z')!;
    expect(copy.alerts.map((a) => [a.notation.id, a.notation.status])).toEqual([
      [3, 'Open'],
      [2, 'Open'],
      [1, 'Lowered'],
    ]);
    expect(copy.updates.map((u) => u.notation.id)).toEqual([6]);
    expect(cache.syncedTo('S000001')).toBe('2026-03-11T00:00:00.000Z');
    // A student never read whole is not made up from changes alone.
    cache.merge('S000002', { alerts: [plain(alert(9, '2026-03-09T00:00:00.000Z'))], updates: [], syncedTo: '2026-03-11T00:00:00.000Z' });
    expect(cache.of('S000002', '2026-01-01T00:00:00.000Z')).toBeUndefined();
  });

  it('keeps at most its bound of students, letting the longest unread go first', () => {
    const cache = new NotationCache(2);
    const whole = { alerts: [], updates: [], updatesFrom: '2026-01-01T00:00:00.000Z', syncedTo: '2026-03-01T00:00:00.000Z' };
    cache.replace('A', whole);
    cache.replace('B', whole);
    cache.merge('A', { alerts: [], updates: [], syncedTo: '2026-03-02T00:00:00.000Z' });
    cache.replace('C', whole);
    expect(cache.size).toBe(2);
    expect(cache.syncedTo('B')).toBeUndefined();
    expect(cache.syncedTo('A')).toBe('2026-03-02T00:00:00.000Z');
    expect(cache.syncedTo('C')).toBe('2026-03-01T00:00:00.000Z');
  });
});
