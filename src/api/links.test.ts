import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOwnHref, parseHref, pathOf, type HrefTarget } from './links.ts';

const BASE = 'https://svc.example.edu/api';

describe('isOwnHref', () => {
  it.each([`${BASE}/people/S000123`, `${BASE}/notations/alerts/?page=2&pageSize=10`, `${BASE}`, `${BASE}/`, '/api/people/S1', 'people/S1'])(
    'accepts %s',
    (href) => {
      expect(isOwnHref(href, BASE)).toBe(true);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example.com/api/people/S1',
    'http://svc.example.edu/api/people/S1',
    'https://svc.example.edu:444/api/people/S1',
    '//evil.example.com/api/people/S1',
    'https://svc.example.edu/apiary/people/S1',
    'https://svc.example.edu/other',
    `${BASE}/../admin`,
    `${BASE}/%2e%2e/admin`,
    `${BASE}/people/../../admin`,
    'https://user:pw@svc.example.edu/api/people/S1',
    '',
    '   ',
  ])('refuses %s', (href) => {
    expect(isOwnHref(href, BASE)).toBe(false);
  });

  it('works with a base URL at the origin root', () => {
    expect(isOwnHref('http://h:1/people/S1', 'http://h:1')).toBe(true);
    expect(isOwnHref('http://h:2/people/S1', 'http://h:1/')).toBe(false);
  });
});

describe('parseHref', () => {
  const cases: [string, HrefTarget][] = [
    ['/people/S000123', { kind: 'person', identifier: 'S000123' }],
    ['/people/a%2Fb%20c', { kind: 'person', identifier: 'a/b c' }],
    ['/people/?role=Student&q=ann', { kind: 'people', query: { role: 'Student', q: 'ann' } }],
    ['/people/E0042/successNetwork', { kind: 'successNetwork', identifier: 'E0042' }],
    ['/notations/updates/7', { kind: 'update', id: 7 }],
    ['/notations/updates/?page=2&pageSize=50&expand=student', { kind: 'updates', query: { page: '2', pageSize: '50', expand: 'student' } }],
    ['/notations/updates', { kind: 'updates', query: {} }],
    ['/notations/updates/7/comments', { kind: 'comments', notation: 'update', notationId: 7, query: {} }],
    ['/notations/updates/7/comments/3', { kind: 'comment', notation: 'update', notationId: 7, id: 3 }],
    ['/notations/updates/7/categories', { kind: 'notationCategories', notation: 'update', notationId: 7 }],
    ['/notations/dataInsights/8', { kind: 'dataInsight', id: 8 }],
    ['/notations/dataInsights/8/comments/1', { kind: 'comment', notation: 'dataInsight', notationId: 8, id: 1 }],
    ['/notations/alerts/9', { kind: 'alert', id: 9 }],
    ['/notations/alerts/9/categories', { kind: 'notationCategories', notation: 'alert', notationId: 9 }],
    ['/notations/alerts/9/comments?expand=createdBy', { kind: 'comments', notation: 'alert', notationId: 9, query: { expand: 'createdBy' } }],
    ['/notations/encouragements/10', { kind: 'encouragement', id: 10 }],
    ['/notations/encouragements/types/4', { kind: 'encouragementType', id: '4' }],
    ['/notations/encouragements/types/', { kind: 'encouragementTypes', query: {} }],
    ['/notations/categories/5', { kind: 'category', id: 5 }],
    ['/notations/categories/', { kind: 'categories', query: {} }],
    ['/notations/triggers/6', { kind: 'trigger', id: 6 }],
    ['/notations/triggers/', { kind: 'triggers', query: {} }],
    ['/noncognitives/administrations/11', { kind: 'administration', id: 11 }],
    ['/noncognitives/administrations/?personIdentifier=S1', { kind: 'administrations', query: { personIdentifier: 'S1' } }],
    ['/noncognitives/administrations/11/results', { kind: 'administrationResults', id: 11, query: {} }],
    ['/noncognitives/administrations/11/results/S1/factors', { kind: 'factorScores', administrationId: 11, personIdentifier: 'S1', query: {} }],
    ['/noncognitives/administrations/11/results/S1/factors/2', { kind: 'factorScore', administrationId: 11, personIdentifier: 'S1', factorId: 2 }],
    ['/noncognitives/assessments/3/factors/12', { kind: 'factor', assessmentId: '3', factorId: '12' }],
  ];
  it.each(cases)('%s', (path, target) => {
    expect(parseHref(`${BASE}${path}`, BASE)).toEqual(target);
  });

  it.each([
    'javascript:alert(1)',
    'https://evil.example.com/api/notations/alerts/1',
    `${BASE}/notations/alerts/abc`,
    `${BASE}/notations/alerts/0`,
    `${BASE}/notations/alerts/-1`,
    `${BASE}/notations/alerts/1/unknown`,
    `${BASE}/notations/encouragements/1/comments`,
    `${BASE}/notations/dataInsights/1/categories`,
    `${BASE}/notations//alerts/1`,
    `${BASE}/people/%E0%A4%A`,
    `${BASE}/nothing`,
    `${BASE}/`,
    `${BASE}/openapi.json`,
  ])('%s → null', (href) => {
    expect(parseHref(href, BASE)).toBeNull();
  });

  const id = fc.integer({ min: 1, max: 1_000_000 });
  const identifier = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s !== '.' && s !== '..');
  const query = fc.dictionary(fc.constantFrom('page', 'pageSize', 'expand', 'identifiers', 'q'), fc.string({ maxLength: 8 }));
  const notation = fc.constantFrom('update' as const, 'alert' as const, 'dataInsight' as const);
  const target: fc.Arbitrary<HrefTarget> = fc.oneof(
    identifier.map((i) => ({ kind: 'person' as const, identifier: i })),
    identifier.map((i) => ({ kind: 'successNetwork' as const, identifier: i })),
    query.map((q) => ({ kind: 'people' as const, query: q })),
    fc
      .tuple(fc.constantFrom('update', 'dataInsight', 'alert', 'encouragement', 'category', 'trigger', 'administration'), id)
      .map(([kind, i]) => ({ kind, id: i }) as HrefTarget),
    fc
      .tuple(fc.constantFrom('updates', 'dataInsights', 'alerts', 'encouragements', 'categories', 'triggers', 'administrations', 'encouragementTypes'), query)
      .map(([kind, q]) => ({ kind, query: q }) as HrefTarget),
    fc.tuple(notation, id, query).map(([n, i, q]) => ({ kind: 'comments' as const, notation: n, notationId: i, query: q })),
    fc.tuple(notation, id, id).map(([n, i, c]) => ({ kind: 'comment' as const, notation: n, notationId: i, id: c })),
    fc.tuple(fc.constantFrom('update' as const, 'alert' as const), id).map(([n, i]) => ({ kind: 'notationCategories' as const, notation: n, notationId: i })),
    identifier.map((i) => ({ kind: 'encouragementType' as const, id: i })),
    fc.tuple(id, query).map(([i, q]) => ({ kind: 'administrationResults' as const, id: i, query: q })),
    fc.tuple(id, identifier, query).map(([a, p, q]) => ({ kind: 'factorScores' as const, administrationId: a, personIdentifier: p, query: q })),
    fc.tuple(id, identifier, id).map(([a, p, f]) => ({ kind: 'factorScore' as const, administrationId: a, personIdentifier: p, factorId: f })),
    fc.tuple(identifier, identifier).map(([a, f]) => ({ kind: 'factor' as const, assessmentId: a, factorId: f })),
  );

  it('is the inverse of pathOf for every target', () => {
    fc.assert(
      fc.property(target, (t) => {
        expect(parseHref(`${BASE}${pathOf(t)}`, BASE)).toEqual(t);
      }),
    );
  });

  it('whatever follows the base, a parsed href stays under the base path', () => {
    const piece = fc.constantFrom('..', '.', '%2e%2e', '%2E.', '', 'people', 'notations', 'alerts', '1', '\\', '@evil.com', '%2F');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), fc.string({ maxLength: 6 }), (pieces, tail) => {
        const href = `${BASE}/${pieces.join('/')}${tail}`;
        if (parseHref(href, BASE) !== null) {
          expect(isOwnHref(href, BASE)).toBe(true);
          expect(new URL(href).pathname.startsWith('/api/')).toBe(true);
        }
      }),
    );
  });
});
