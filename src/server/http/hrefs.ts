/**
 * Every href the API emits, in one place, so that each has a GET route that resolves it
 * (decisions §1). `base` is the absolute base URL, e.g. `http://127.0.0.1:4010/api`.
 */
export type NotationKind = 'update' | 'dataInsight' | 'alert' | 'encouragement';

const NOTATION_SEGMENT: Record<NotationKind, string> = {
  update: 'updates',
  dataInsight: 'dataInsights',
  alert: 'alerts',
  encouragement: 'encouragements',
};

export function createHrefs(base: string) {
  const notation = (kind: NotationKind, id: number) => `${base}/notations/${NOTATION_SEGMENT[kind]}/${id}`;
  return {
    base,
    notation,
    notationComments: (kind: NotationKind, id: number) => `${notation(kind, id)}/comments`,
    notationComment: (kind: NotationKind, id: number, commentId: number) => `${notation(kind, id)}/comments/${commentId}`,
    notationCategories: (kind: NotationKind, id: number) => `${notation(kind, id)}/categories`,
    person: (identifier: string) => `${base}/people/${encodeURIComponent(identifier)}`,
    successNetwork: (identifier: string) => `${base}/people/${encodeURIComponent(identifier)}/successNetwork`,
    category: (id: number) => `${base}/notations/categories/${id}`,
    encouragementType: (id: number) => `${base}/notations/encouragements/types/${id}`,
    trigger: (id: number) => `${base}/notations/triggers/${id}`,
    administration: (id: number) => `${base}/noncognitives/administrations/${id}`,
    administrationResults: (id: number) => `${base}/noncognitives/administrations/${id}/results`,
    respondentFactors: (id: number, person: string) =>
      `${base}/noncognitives/administrations/${id}/results/${encodeURIComponent(person)}/factors`,
    respondentFactor: (id: number, person: string, factorId: number) =>
      `${base}/noncognitives/administrations/${id}/results/${encodeURIComponent(person)}/factors/${factorId}`,
    factor: (assessmentId: number, factorId: number) => `${base}/noncognitives/assessments/${assessmentId}/factors/${factorId}`,
  };
}
export type Hrefs = ReturnType<typeof createHrefs>;
