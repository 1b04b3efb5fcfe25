import type { Migration } from 'kysely/migration';
import { perPersonTable } from './tables.ts';

/** The students each person follows (#32 item 3): they join the person's home and digest. */
export const watchedStudents = (): Migration => perPersonTable('watched_students', 'student', 'created_at');
