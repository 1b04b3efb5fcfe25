import { KIND_WORDS, TIMELINE_KINDS, type TimelineKind } from './timeline-filters.ts';

/** The kinds in the order a sentence names them: the student's own notations first. */
const SENTENCE_ORDER: readonly TimelineKind[] = ['alert', 'dataInsight', 'update', 'encouragement'];

/** `alerts, data insights and encouragements`: kinds in words, lower case, in sentence order. */
export function kindsInWords(kinds: readonly TimelineKind[]): string {
  const words = SENTENCE_ORDER.filter((kind) => kinds.includes(kind)).map((kind) => KIND_WORDS[kind].many.toLowerCase());
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The kinds that did load, when some did not. */
export const loadedKinds = (failed: readonly TimelineKind[]): TimelineKind[] => TIMELINE_KINDS.filter((kind) => !failed.includes(kind));
