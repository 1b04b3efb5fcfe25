import { pathFor, type OperationName } from '../../api/operations.ts';

/**
 * Every href the API emits, built from the operation table's paths, so that each has a GET
 * operation that resolves it (decisions §1). `base` is the absolute base URL, e.g.
 * `http://127.0.0.1:4010/api`.
 */
export type NotationKind = 'update' | 'dataInsight' | 'alert' | 'encouragement';

const NOTATION_RESOURCE = {
  update: 'updates',
  dataInsight: 'dataInsights',
  alert: 'alerts',
  encouragement: 'encouragements',
} as const satisfies Record<NotationKind, string>;

/** Notations that have comments (and, for updates and alerts, categories). */
type Commented = Exclude<NotationKind, 'encouragement'>;

export function createHrefs(base: string) {
  const at = (name: OperationName, params?: Record<string, string | number>) => `${base}${pathFor(name, params)}`;
  const notation = (kind: NotationKind, id: number) => at(`${NOTATION_RESOURCE[kind]}.get`, { id });
  const commented = (kind: NotationKind): Commented => {
    if (kind === 'encouragement') throw new RangeError('encouragements have no comments');
    return kind;
  };
  return {
    base,
    notation,
    notationComments: (kind: NotationKind, id: number) => at(`${NOTATION_RESOURCE[commented(kind)]}.comments`, { id }),
    notationComment: (kind: NotationKind, id: number, commentId: number) => at(`${NOTATION_RESOURCE[commented(kind)]}.comment`, { id, commentid: commentId }),
    notationCategories: (kind: NotationKind, id: number) => {
      const k = commented(kind);
      if (k === 'dataInsight') throw new RangeError('data insights have no categories');
      return at(`${NOTATION_RESOURCE[k]}.categories`, { id });
    },
    person: (identifier: string) => at('people.get', { id: identifier }),
    successNetwork: (identifier: string) => at('people.successNetwork.get', { id: identifier }),
    category: (id: number) => at('categories.get', { id }),
    encouragementType: (id: number) => at('encouragements.types.get', { id }),
    trigger: (id: number) => at('triggers.get', { id }),
    administration: (id: number) => at('noncognitive.administrations.get', { id }),
    administrationResults: (id: number) => at('noncognitive.administrations.results', { id }),
    respondentFactors: (id: number, person: string) => at('noncognitive.factorScores', { id, personIdentifier: person }),
    respondentFactor: (id: number, person: string, factorId: number) => at('noncognitive.factorScore', { id, personIdentifier: person, factorId }),
    factor: (assessmentId: number, factorId: number) => at('noncognitive.factor', { id: assessmentId, factorId }),
  };
}
export type Hrefs = ReturnType<typeof createHrefs>;
