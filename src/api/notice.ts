import { z } from 'zod';
import { getGatewayJson, postGatewayJson } from './gateway-json.ts';

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
    await postGatewayJson('notice.accept', URL, { version });
  },
};
