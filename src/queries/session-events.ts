/** Dispatched on `window` when /api answers 401: the session has ended (the app's RequireSession acts on it). */
export const SESSION_ENDED_EVENT = 'student-success:session-ended';
