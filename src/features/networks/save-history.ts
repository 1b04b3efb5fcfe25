import { useCallback, useState } from 'react';
import { z } from 'zod';

/**
 * This browser session's saves of one student's network (sessionStorage: it survives a reload or
 * a visit elsewhere, and ends with the tab), newest first, so any of them can be undone.
 */
const SaveSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(['save', 'undo']),
  before: z.array(z.string()),
  after: z.array(z.string()),
  /** Someone else's change was merged in. */
  merged: z.boolean(),
  undone: z.boolean(),
});
export type NetworkSave = z.infer<typeof SaveSchema>;

const LIMIT = 20;
const storageKey = (student: string) => `network-saves:${student}`;

function read(student: string): NetworkSave[] {
  try {
    const raw = sessionStorage.getItem(storageKey(student));
    const parsed = z.array(SaveSchema).safeParse(raw ? JSON.parse(raw) : []);
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function write(student: string, saves: NetworkSave[]) {
  try {
    sessionStorage.setItem(storageKey(student), JSON.stringify(saves.slice(0, LIMIT)));
  } catch {
    // Storage full or refused: the history lives on in memory for this page.
  }
}

export function useSaveHistory(student: string) {
  const [saves, setSaves] = useState<NetworkSave[]>(() => read(student));
  const [forStudent, setForStudent] = useState(student);
  if (forStudent !== student) {
    setForStudent(student);
    setSaves(read(student));
  }
  const update = useCallback(
    (change: (saves: NetworkSave[]) => NetworkSave[]) =>
      setSaves((current) => {
        const next = change(current);
        write(student, next);
        return next;
      }),
    [student],
  );
  const record = useCallback(
    (entry: Omit<NetworkSave, 'id' | 'at' | 'undone'>): NetworkSave => {
      const save: NetworkSave = { ...entry, id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, at: new Date().toISOString(), undone: false };
      update((current) => [save, ...current]);
      return save;
    },
    [update],
  );
  const markUndone = useCallback((id: string) => update((current) => current.map((s) => (s.id === id ? { ...s, undone: true } : s))), [update]);
  return { saves, record, markUndone };
}
