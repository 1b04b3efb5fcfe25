import type { DatabaseSync } from 'node:sqlite';
import { Rng } from './random.ts';
import { DAY, HOUR, SECOND, STREAM } from './units.ts';
import { ASSESSMENTS, CATEGORIES, ENCOURAGEMENT_TYPES, TRIGGERS } from './vocabulary.ts';

/**
 * The fixed definitions: categories, encouragement types, triggers, assessments and factors.
 * The same for every seed, but for the triggers' creation times (before the first notation).
 */
export function seedDefinitions(db: DatabaseSync, key: number, startDay: number): void {
  const rng = new Rng(key, STREAM.definitions);
  const insCategory = db.prepare('INSERT INTO category (id, name, is_active) VALUES (?, ?, ?)');
  CATEGORIES.forEach((c, i) => insCategory.run(i + 1, c.name, c.active ? 1 : 0));

  const insType = db.prepare('INSERT INTO encouragement_type (id, name, icon) VALUES (?, ?, ?)');
  ENCOURAGEMENT_TYPES.forEach((t, i) => insType.run(i + 1, t.name, t.icon));

  const insTrigger = db.prepare(
    `INSERT INTO trigger_def (id, name, additional_advice, audience_type, can_student_view, created_on, elevate_to_alert)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  TRIGGERS.forEach((t, i) => {
    const createdOn = startDay - rng.int(20, 500) * DAY + rng.int(13, 21) * HOUR + rng.int(0, 3599) * SECOND;
    insTrigger.run(i + 1, t.name, t.additionalAdvice, t.audienceType, t.canStudentView ? 1 : 0, createdOn, t.elevateToAlert ? 1 : 0);
  });

  const insAssessment = db.prepare('INSERT INTO assessment (id, name) VALUES (?, ?)');
  const insFactor = db.prepare('INSERT INTO factor (id, assessment_id, name, description) VALUES (?, ?, ?, ?)');
  let factorId = 0;
  ASSESSMENTS.forEach((a, i) => {
    insAssessment.run(i + 1, a.name);
    for (const f of a.factors) insFactor.run(++factorId, i + 1, f.name, f.description);
  });
}
