/**
 * Where each form keeps its draft in `localStorage`: one key per form and student (and notation),
 * so that two students' pages, or two notations' comment boxes, never share a draft.
 */
export const draftKeys = {
  notation: (kind: 'update' | 'alert', student: string) => `draft:${kind}:${student}`,
  comment: (kind: 'update' | 'alert', student: string, notationId: number | string) => `draft:comment:${kind}:${student}:${notationId}`,
  lower: (student: string, alertId: number | string) => `draft:lower:${student}:${alertId}`,
};
