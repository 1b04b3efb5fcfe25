import { z } from 'zod';
import { getGatewayJson, sendGatewayParsed } from './gateway-json.ts';

/**
 * "I'm on it" (#32 item 6, the gateway's own routes): who holds an open alert, by name, since
 * when, and the note left when it was taken over from someone else.
 */
export const AlertClaimSchema = z.looseObject({
  alert: z.string(),
  student: z.string(),
  holder: z.string(),
  holderName: z.string(),
  since: z.string(),
  note: z.string().optional(),
});
export type AlertClaim = z.infer<typeof AlertClaimSchema>;

export const AlertClaimsSchema = z.looseObject({ values: z.array(AlertClaimSchema) });
const ReleasedSchema = z.looseObject({ alert: z.string(), released: z.boolean() });

/** The problem type of a claim held by someone else, taken without a note (409). */
export const CLAIM_HELD = 'claim-held';

export const claimsClient = {
  /** The claims on these alerts (those without one are absent). */
  list: (alerts: readonly string[], signal?: AbortSignal): Promise<AlertClaim[]> =>
    alerts.length === 0
      ? Promise.resolve([])
      : getGatewayJson('claims.list', `/session/claims?alerts=${encodeURIComponent(alerts.join(','))}`, AlertClaimsSchema, signal).then((a) => a.values),
  /** Claims the alert; held by someone else, only with a note (else 409 `claim-held`, naming the holder). */
  claim: (alert: string, note?: string, signal?: AbortSignal): Promise<AlertClaim> =>
    sendGatewayParsed('claims.claim', 'POST', '/session/claims', { alert, ...(note ? { note } : {}) }, AlertClaimSchema, signal),
  release: (alert: string, signal?: AbortSignal) =>
    sendGatewayParsed('claims.release', 'DELETE', `/session/claims/${encodeURIComponent(alert)}`, undefined, ReleasedSchema, signal),
};
