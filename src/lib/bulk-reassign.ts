/**
 * Bulk reassignment of success networks, as pure functions: what each student's network becomes
 * under an operation, and the parsing of pasted pairs
 * (pasted identifiers: src/lib/identifiers.ts). The writes (one guarded
 * E16 per student) live in `src/features/caseloads/bulk-reassign-run.ts`.
 */

export type BulkOperation =
  | { kind: 'add'; staff: string }
  | { kind: 'replace'; from: string; to: string }
  | { kind: 'remove'; staff: string }
  /** Pasted `student,staff` lines: each staff member is added to that student's network. */
  | { kind: 'pairs'; pairs: readonly { student: string; staff: string }[] };

export type BulkOperationKind = BulkOperation['kind'];

export interface ParsedPairs {
  pairs: { student: string; staff: string }[];
  /** Lines that are not `student,staff` (1-based line numbers). */
  invalidLines: number[];
}

/** `student,staff` per line (a tab or semicolon also separates; a header line `student,staff` is skipped). */
export function parsePairs(text: string): ParsedPairs {
  const pairs: { student: string; staff: string }[] = [];
  const invalidLines: number[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const fields = line.split(/[,;\t]/).map((f) => f.trim());
    if (fields.length !== 2 || !fields[0] || !fields[1]) {
      invalidLines.push(i + 1);
      return;
    }
    const [student, staff] = fields as [string, string];
    if (i === 0 && student.toLowerCase() === 'student' && staff.toLowerCase() === 'staff') return;
    const key = `${student}\u0000${staff}`;
    if (seen.has(key)) return;
    seen.add(key);
    pairs.push({ student, staff });
  });
  return { pairs, invalidLines };
}

/** The students an operation touches: the given ones, or for pairs those named in the pairs. */
export function studentsOf(operation: BulkOperation, students: readonly string[]): string[] {
  return operation.kind === 'pairs' ? [...new Set(operation.pairs.map((p) => p.student))] : [...new Set(students)];
}

/** The staff identifiers an operation names (to check that they exist before anything is written). */
export function staffOf(operation: BulkOperation): string[] {
  switch (operation.kind) {
    case 'add':
    case 'remove':
      return [operation.staff];
    case 'replace':
      return [...new Set([operation.from, operation.to])];
    case 'pairs':
      return [...new Set(operation.pairs.map((p) => p.staff))];
  }
}

export interface PlannedChange {
  after: string[];
  /** Why the network does not change, when it does not. */
  note?: string;
}

/**
 * What `student`'s network becomes. An added person goes last (lowest priority); a replacement
 * takes the replaced person's place (their priority); a student is never added to their own network.
 */
export function applyOperation(operation: BulkOperation, student: string, before: readonly string[]): PlannedChange {
  const has = (id: string) => before.includes(id);
  switch (operation.kind) {
    case 'add':
      if (operation.staff === student) return { after: [...before], note: 'Is the student themself.' };
      return has(operation.staff) ? { after: [...before], note: `${operation.staff} is already in the network.` } : { after: [...before, operation.staff] };
    case 'remove':
      return has(operation.staff)
        ? { after: before.filter((id) => id !== operation.staff) }
        : { after: [...before], note: `${operation.staff} is not in the network.` };
    case 'replace': {
      if (!has(operation.from)) return { after: [...before], note: `${operation.from} is not in the network.` };
      if (operation.to === student) return { after: [...before], note: 'The replacement is the student themself.' };
      if (has(operation.to))
        return { after: before.filter((id) => id !== operation.from), note: `${operation.to} was already in the network; ${operation.from} is removed.` };
      return { after: before.map((id) => (id === operation.from ? operation.to : id)) };
    }
    case 'pairs': {
      const after = [...before];
      for (const pair of operation.pairs) {
        if (pair.student === student && pair.staff !== student && !after.includes(pair.staff)) after.push(pair.staff);
      }
      return after.length === before.length ? { after, note: 'Everyone named is already in the network.' } : { after };
    }
  }
}

/** The pool (src/lib/pool.ts), by the name the bulk reassignment knows it (until that workflow moves into its feature, #28 item 2). */
export { mapPool as mapWithConcurrency } from './pool.ts';

/** A batch's description as the gateway keeps it and the caseloads and journal pages show it. */
export function describeOperation(operation: BulkOperation, students: number): string {
  const count = `${students} ${students === 1 ? 'student' : 'students'}`;
  switch (operation.kind) {
    case 'add':
      return `Add ${operation.staff} to ${count}`;
    case 'remove':
      return `Remove ${operation.staff} from ${count}`;
    case 'replace':
      return `Replace ${operation.from} with ${operation.to} for ${count}`;
    case 'pairs':
      return `Add pasted staff (${operation.pairs.length} pairs) to ${count}`;
  }
}
