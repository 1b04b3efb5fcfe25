import type { Logger } from './logging.ts';
import { RefreshRefused, type OidcClient } from './oidc.ts';
import { saveSession, sessionStoreKey, type SessionHandle, type SessionOptions, type StoredSession } from './session.ts';

/** GROUPS_RECHECK_S when unset. */
export const DEFAULT_RECHECK_S = 900;

export interface ClaimsRecheckOptions {
  sessions: SessionOptions;
  oidc: OidcClient;
  /** GROUPS_RECHECK_S. */
  recheckSeconds: number;
  /** STAFF_GROUP: without it a person may not sign in at all, so their session ends. */
  staffGroup: string;
  /** A session ended here, for the access log ("session-end"). */
  onEnded: (session: StoredSession, detail: string) => void;
  logger?: Pick<Logger, 'warn'> | undefined;
  now?: () => number;
}

/**
 * A session's groups follow the identity provider within GROUPS_RECHECK_S (#30): past that age, the
 * next request renews the person's claims with the session's refresh token, and the groups (so
 * administration, network editing, RECORDS_GROUP) become what the provider says now. A person no
 * longer in the staff group, or whose renewal the provider refuses (invalid_grant: removed,
 * disabled, grant revoked), loses the session. Returns the session as it now stands, or undefined
 * when it ended.
 */
export function claimsRecheck(options: ClaimsRecheckOptions): (handle: SessionHandle) => Promise<SessionHandle | undefined> {
  const now = options.now ?? Date.now;
  const intervalMs = options.recheckSeconds * 1000;
  /** One renewal per session at a time in this instance: a page's parallel requests share it. */
  const inFlight = new Map<string, Promise<SessionHandle | undefined>>();

  const end = async (handle: SessionHandle, detail: string) => {
    await options.sessions.store.delete(sessionStoreKey(handle.id));
    options.onEnded(handle.session, detail);
    return undefined;
  };

  async function recheck(handle: SessionHandle): Promise<SessionHandle | undefined> {
    const { session } = handle;
    if (!session.refreshToken || !options.oidc.refresh) {
      // Without a refresh token the groups cannot be asked for again: signing in again (usually
      // without a word, the provider remembering the person) is the only way to learn them.
      return end(handle, 'the groups could not be checked again (the identity provider gave no refresh token); sign in again');
    }
    const startedAt = now();
    // Marked as checked before asking, so that other instances do not ask too (a provider that
    // rotates refresh tokens may take a second use of the same one for a theft, and revoke it).
    await saveSession(options.sessions, handle.id, { ...session, checkedAt: startedAt });
    let renewed;
    try {
      renewed = await options.oidc.refresh(session.refreshToken, session.subject);
    } catch (error) {
      if (error instanceof RefreshRefused) return end(handle, `the identity provider refused to renew the claims (${error.message})`);
      // The provider is unreachable or failing: a blip there must not sign everyone out. The
      // session stays as it was, and the next request asks again.
      options.logger?.warn(
        { err: error, event: 'groups-recheck', person: session.identifier },
        'the groups could not be checked again; the session is kept for now',
      );
      await saveSession(options.sessions, handle.id, session);
      return handle;
    }
    if (renewed.identifier !== session.identifier) return end(handle, `the identity provider now names this account ${renewed.identifier}`);
    if (!renewed.groups.includes(options.staffGroup)) return end(handle, `no longer in the group ${options.staffGroup}`);
    const updated: StoredSession = {
      ...session,
      groups: renewed.groups,
      ...(renewed.name ? { name: renewed.name } : {}),
      ...(renewed.idToken ? { idToken: renewed.idToken } : {}),
      ...(renewed.refreshToken ? { refreshToken: renewed.refreshToken } : {}),
      checkedAt: startedAt,
    };
    // Signed out (or ended) while the provider was asked: not brought back.
    if (!(await options.sessions.store.get(sessionStoreKey(handle.id)))) return undefined;
    await saveSession(options.sessions, handle.id, updated);
    return { id: handle.id, session: updated };
  }

  return async (handle) => {
    if (now() - (handle.session.checkedAt ?? handle.session.createdAt) < intervalMs) return handle;
    let pending = inFlight.get(handle.id);
    if (!pending) {
      pending = recheck(handle).finally(() => inFlight.delete(handle.id));
      inFlight.set(handle.id, pending);
    }
    return pending;
  };
}
