import { z } from 'zod';
import { ApiError } from './errors.ts';
import { getGatewayJson } from './gateway-json.ts';
import { ProblemSchema } from './schemas/index.ts';

/**
 * The gateway's confidentiality notice (#30 item 6; not part of the service): its text, its
 * version, and whether the signed-in person accepted that version. Until they have, the gateway
 * refuses every read of a student's records (403 `notice-not-accepted`).
 */
export const NoticeSchema = z.looseObject({
  version: z.string(),
  text: z.string(),
  acceptedVersion: z.string().nullable(),
});
export type Notice = z.infer<typeof NoticeSchema>;

const URL = '/session/notice';

export const noticeClient = {
  current: (signal?: AbortSignal): Promise<Notice> => getGatewayJson('notice.current', URL, NoticeSchema, signal),
  /** 204 once the acceptance is logged; 409 when the notice changed since `version` was shown. */
  async accept(version: string): Promise<void> {
    let response: Response;
    try {
      response = await fetch(URL, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ version }),
      });
    } catch (cause) {
      throw new ApiError({ kind: 'network', operation: 'notice.accept', method: 'POST', url: URL, cause });
    }
    if (response.ok) return;
    const problem = ProblemSchema.safeParse(await response.json().catch(() => undefined));
    throw new ApiError({
      kind: 'http',
      operation: 'notice.accept',
      method: 'POST',
      url: URL,
      status: response.status,
      ...(problem.success ? { problem: problem.data } : {}),
    });
  },
};
