import type { Migration } from 'kysely/migration';
import { perPersonTable } from './tables.ts';

/**
 * When each person last opened each student's page (#32 item 2), so the timeline and the home can
 * say what is new since then. One row per person and student, overwritten on every visit.
 */
export const studentVisits = (): Migration => perPersonTable('student_visits', 'student', 'visited_at');
