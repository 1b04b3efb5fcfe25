/** Dispatched on `window` when /api answers 401: the session has ended (the app's RequireSession acts on it). */
export const SESSION_ENDED_EVENT = 'student-success:session-ended';

const ENDED_KEY = 'student-success:session-ended';
/** How long after a session ended its note still explains a restored draft. */
const ENDED_NOTE_MS = 30 * 60_000;

/**
 * Remembers, for this tab, that the session ended while a person was working on `path` (a 401 from
 * /api, usually a Post): after signing in again, the draft restored there can say why it is there
 * and that it was not saved (#31 item 6). sessionStorage: this tab only, gone when it closes.
 */
export function markSessionEnded(path: string, now = Date.now()): void {
  try {
    window.sessionStorage.setItem(ENDED_KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Storage refused (private mode, quota): the draft is still restored, with the plain words.
  }
}

let taken: { path: string; at: number } | null | undefined;

/**
 * Whether the session ended on `path` a short while ago, asked by the first restored draft of the
 * page load; read once and removed, so a draft restored later for another reason is not said to
 * come from an ended session.
 */
export function sessionEndedOn(path: string, now = Date.now()): boolean {
  if (taken === undefined) {
    taken = null;
    try {
      const raw = window.sessionStorage.getItem(ENDED_KEY);
      window.sessionStorage.removeItem(ENDED_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      if (
        parsed &&
        typeof parsed === 'object' &&
        typeof (parsed as { path?: unknown }).path === 'string' &&
        typeof (parsed as { at?: unknown }).at === 'number'
      ) {
        taken = parsed as { path: string; at: number };
      }
    } catch {
      taken = null;
    }
  }
  return taken !== null && taken.path === path && now - taken.at < ENDED_NOTE_MS;
}

/** For tests: forget what this page load read. */
export function resetSessionEndedNote(): void {
  taken = undefined;
}
