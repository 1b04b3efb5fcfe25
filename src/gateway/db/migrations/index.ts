import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Engine } from '../database.ts';
import { journal } from './001-journal.ts';
import { tasks } from './002-tasks.ts';
import { accessLog } from './003-access-log.ts';
import { accessGrants } from './004-access-grants.ts';
import { noticeAcceptances } from './005-notice-acceptances.ts';
import { reassignmentBatches } from './007-reassignment-batches.ts';
import { membershipCache } from './008-membership-cache.ts';
import { studentVisits } from './009-student-visits.ts';
import { watchedStudents } from './010-watched-students.ts';
import { savedViews } from './014-saved-views.ts';
import { alertClaims } from './011-alert-claims.ts';
import { notificationSettings } from './012-notification-settings.ts';
import { mail } from './013-mail.ts';

/**
 * Every migration, in order; a new one is a new file with the next number, listed here. Names
 * are stored in `kysely_migration`, so a migration runs once per database, never edited after it
 * has shipped.
 */
export function migrationsFor(engine: Engine): MigrationProvider {
  const all: Record<string, Migration> = {
    '001-journal': journal(engine),
    '002-tasks': tasks(),
    '003-access-log': accessLog(engine),
    '004-access-grants': accessGrants(engine),
    '005-notice-acceptances': noticeAcceptances(),
    '007-reassignment-batches': reassignmentBatches(engine),
    '008-membership-cache': membershipCache(),
    '009-student-visits': studentVisits(),
    '010-watched-students': watchedStudents(),
    '014-saved-views': savedViews(engine),
    '011-alert-claims': alertClaims(),
    '012-notification-settings': notificationSettings(),
    '013-mail': mail(),
  };
  return { getMigrations: async () => all };
}
