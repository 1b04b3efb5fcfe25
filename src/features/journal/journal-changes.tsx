import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { JournalEntry } from '../../api/journal.ts';
import { usePeopleNames } from '../../components/person-name.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useApi } from '../../queries/api-context.tsx';
import { categoryQueries } from '../../queries/categories.ts';

/** How a journal entry's people and categories are named (their identifiers until known). */
export interface JournalNames {
  person: (identifier: string) => string;
  category: (id: string) => string;
}

const IDENTITY: JournalNames = { person: (id) => id, category: (id) => id };

const AUDIENCES: Record<string, string> = { Private: 'Private', All: 'All staff', FullNetwork: 'Full success network' };

const show = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(show).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** People, by name: "nobody" for none (a list of people, never of things). */
const people = (ids: readonly unknown[], names: JournalNames) => (ids.length === 0 ? 'nobody' : ids.map((id) => names.person(String(id))).join(', '));

const yesNo = (value: unknown) => (value === true ? 'yes' : value === false ? 'no' : show(value));

/** Whose network or which student an entry's target names (`network/S000001`, `student/S000001`), or null. */
export function personOfTarget(target: string): string | null {
  const match = /^(?:network|student)\/(.+)$/.exec(target);
  return match?.[1] ?? null;
}

/** The identifiers of people an entry names, so that their names are asked for at once. */
export function peopleOf(entry: Pick<JournalEntry, 'target' | 'summary' | 'operation'>): string[] {
  const ids: string[] = [];
  const owner = personOfTarget(entry.target);
  if (owner) ids.push(owner);
  const summary = entry.summary ?? {};
  const lists = entry.operation === 'network.replace' ? [summary.before, summary.after, summary.asked, summary.appliedTo] : [summary.appliedTo];
  for (const list of lists) if (Array.isArray(list)) ids.push(...list.map(String));
  return [...new Set(ids)];
}

/**
 * The lines a person reads: what changed from what to what, and what else the write said, with
 * people and categories by name (#31 item 8) and moments in the app's one format.
 */
export function describeChanges(summary: JournalEntry['summary'], names: JournalNames = IDENTITY): string[] {
  if (!summary) return [];
  const { before, after, asked, beforeUnknown, afterUnknown, ...rest } = summary;
  const lines: string[] = [];
  if (typeof rest.deleted === 'number' && typeof rest.olderThan === 'string') {
    const others = Object.entries((rest.others ?? {}) as Record<string, unknown>).map(
      ([log, count]) => `${log === 'accessLog' ? 'access log' : log}: ${show(count)}`,
    );
    return [
      `Deleted ${rest.deleted} ${rest.deleted === 1 ? 'entry' : 'entries'} older than ${formatDateTime(rest.olderThan)}${others.length ? ` (also ${others.join(', ')})` : ''}`,
    ];
  }
  // A network's before, after and asked are lists of people (the journal writes nothing else as a list there).
  const isNetwork = Array.isArray(before) || Array.isArray(after) || Array.isArray(asked);
  if (asked !== undefined) {
    lines.push(
      Array.isArray(asked)
        ? `Asked: ${people(asked, names)}`
        : asked && typeof asked === 'object'
          ? `Asked: ${Object.entries(asked as Record<string, unknown>)
              .map(([key, value]) => `${key} ${show(value)}`)
              .join(', ')}`
          : `Asked: ${show(asked)}`,
    );
  }
  if (beforeUnknown === true) lines.push('Before: unknown (the service did not let the gateway read it)');
  if (afterUnknown === true) lines.push('After: unknown (the service did not let the gateway read it)');
  if (isNetwork && (Array.isArray(before) || Array.isArray(after))) {
    const was = (Array.isArray(before) ? before : []).map(String);
    const now = (Array.isArray(after) ? after : []).map(String);
    const added = now.filter((m) => !was.includes(m));
    const removed = was.filter((m) => !now.includes(m));
    if (Array.isArray(before)) lines.push(`Before: ${people(was, names)}`);
    if (Array.isArray(after)) lines.push(`After: ${people(now, names)}`);
    if (added.length) lines.push(`Added: ${people(added, names)}`);
    if (removed.length) lines.push(`Removed: ${people(removed, names)}`);
  } else if (before && after && typeof before === 'object' && typeof after === 'object') {
    const b = before as Record<string, unknown>;
    const a = after as Record<string, unknown>;
    const changed = Object.keys({ ...b, ...a }).filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
    if (changed.length === 0) lines.push('Settings unchanged');
    for (const key of changed) lines.push(`${key}: ${show(b[key])} → ${show(a[key])}`);
  } else if (before !== undefined) {
    lines.push(`Before: ${show(before)}`);
  }
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'appliedTo') {
      const students = Array.isArray(value) ? value : [];
      lines.push(`Applied to ${students.length} ${students.length === 1 ? 'student' : 'students'}: ${people(students, names)}`);
    } else if (key === 'categories') {
      lines.push(`Categories: ${Array.isArray(value) && value.length > 0 ? value.map((id) => names.category(String(id))).join(', ') : 'none'}`);
    } else if (key === 'audienceType') {
      lines.push(`Audience: ${typeof value === 'string' ? (AUDIENCES[value] ?? value) : show(value)}`);
    } else if (key === 'canStudentView') {
      lines.push(`Student can see it: ${yesNo(value)}`);
    } else if (key === 'usedToLowerAlert') {
      lines.push(`Lowered the alert: ${yesNo(value)}`);
    } else if (key === 'created') {
      lines.push(`Created: ${show(value)}`);
    } else if (key === 'batch') {
      lines.push(`Part of bulk reassignment ${show(value)}`);
    } else if (key === 'undoOfBatch') {
      lines.push(`Puts back what bulk reassignment ${show(value)} changed`);
    } else {
      lines.push(`${key}: ${show(value)}`);
    }
  }
  return lines;
}

/** Category names from the categories list (one request for the whole page, cached). */
function useCategoryName(): (id: string) => string {
  const api = useApi();
  const list = useQuery({ ...categoryQueries.list(api, { pageSize: 1000 }), retry: false }).data;
  return (id) => list?.values.find((category) => String(category.id) === id)?.name ?? `category ${id}`;
}

/** An entry's "Changes" cell, people and categories by name. */
export function JournalChanges({ entry }: { entry: JournalEntry }) {
  const person = usePeopleNames(peopleOf(entry));
  const category = useCategoryName();
  return describeChanges(entry.summary, { person, category }).map((line) => (
    <Typography key={line} variant="body2" component="span" sx={{ display: 'block' }}>
      {line}
    </Typography>
  ));
}

/** An entry's target as the journal filters it, with the name of the person it concerns. */
export function JournalTarget({ target }: { target: string }) {
  const owner = personOfTarget(target);
  const nameOf = usePeopleNames(owner ? [owner] : []);
  return (
    <>
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {target}
      </Box>
      {owner && nameOf(owner) !== owner && (
        <Typography variant="body2" component="span" color="textSecondary" sx={{ display: 'block' }}>
          {nameOf(owner)}
        </Typography>
      )}
    </>
  );
}
