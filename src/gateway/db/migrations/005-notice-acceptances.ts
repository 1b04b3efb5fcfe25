import type { Migration } from 'kysely/migration';
import { perPersonTable } from './tables.ts';

/**
 * Who accepted which version of the confidentiality notice (#30 item 6): one row per person and
 * version, so a person is asked once per version, whichever instance or session they come back to.
 */
export const noticeAcceptances = (): Migration => perPersonTable('notice_acceptances', 'version', 'accepted_at');
