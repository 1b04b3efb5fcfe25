import { describe, expect, it } from 'vitest';
import { operations } from '../backend/app.ts';
import { createHrefs } from '../backend/http/hrefs.ts';
import { parseHref, pathOf } from './links.ts';
import { OPERATIONS, OPERATION_NAMES, pathFor } from './operations.ts';

const BASE = 'http://127.0.0.1:4010/api';

describe('the operation table (src/api/operations.ts)', () => {
  it('names E1–E19 once each, and the server registers every operation but the two it serves itself', () => {
    const refs = OPERATION_NAMES.map((n) => OPERATIONS[n].ref).filter((r) => r !== 'extension');
    expect([...refs].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))).toEqual(Array.from({ length: 19 }, (_, i) => `E${i + 1}`));
    expect(operations.map((op) => op.name)).toEqual(OPERATION_NAMES.filter((n) => n !== 'auth.token' && n !== 'openapi'));
    for (const op of operations) expect(op.operationId).toBe(op.name);
    const keys = OPERATION_NAMES.map((n) => `${OPERATIONS[n].method} ${OPERATIONS[n].path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('every href the server builds parses back to its operation, and pathOf inverts parseHref', () => {
    const h = createHrefs(BASE);
    const cases: [string, string][] = [
      [h.notation('update', 7), 'update'],
      [h.notation('encouragement', 7), 'encouragement'],
      [h.notationComments('alert', 7), 'comments'],
      [h.notationComment('dataInsight', 7, 3), 'comment'],
      [h.notationCategories('update', 7), 'notationCategories'],
      [h.person('S 01/ä'), 'person'],
      [h.successNetwork('E0001'), 'successNetwork'],
      [h.category(4), 'category'],
      [h.encouragementType(2), 'encouragementType'],
      [h.trigger(5), 'trigger'],
      [h.administration(9), 'administration'],
      [h.administrationResults(9), 'administrationResults'],
      [h.respondentFactors(9, 'S000001'), 'factorScores'],
      [h.respondentFactor(9, 'S000001', 4), 'factorScore'],
      [h.factor(1, 4), 'factor'],
      [`${BASE}${pathFor('people.caseload', { id: 'E0001' })}`, 'caseload'],
      [`${BASE}${pathFor('people.encouragements', { id: 'S000001' })}?expand=type`, 'personEncouragements'],
    ];
    for (const [href, kind] of cases) {
      const target = parseHref(href, BASE);
      expect(target?.kind, href).toBe(kind);
      expect(`${BASE}${pathOf(target!)}`).toBe(href);
    }
    expect(parseHref(h.person('S 01/ä'), BASE)).toEqual({ kind: 'person', identifier: 'S 01/ä' });
    expect(parseHref(`${BASE}/notations/encouragements/types/`, BASE)?.kind).toBe('encouragementTypes');
  });
});
