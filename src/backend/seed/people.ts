import type { DatabaseSync } from 'node:sqlite';
import { Rng } from './random.ts';
import { STREAM } from './units.ts';
import { NAME_GROUPS, STAFF_ROLE_SHARE, type StaffRole } from './vocabulary.ts';

/** Who was seeded, by index: staff `E…` and students `S…` (the sections after refer to them by index). */
export interface People {
  staffIds: string[];
  staffRoles: StaffRole[];
  studentIds: string[];
  /** For the sentences about a student. */
  studentFirst: string[];
}

/** Lower-case ASCII letters only (diacritics dropped; spaces, hyphens, apostrophes removed). */
function emailPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function padId(prefix: string, n: number, width: number): string {
  return prefix + String(n).padStart(width, '0');
}

/** People: staff first (E… sorts before S…, so rows arrive in primary-key order), then students. */
export function seedPeople(db: DatabaseSync, key: number, nStaff: number, nStudents: number): People {
  const staffIds: string[] = new Array<string>(nStaff);
  const staffRoles: StaffRole[] = new Array<StaffRole>(nStaff);
  const studentIds: string[] = new Array<string>(nStudents);
  const studentFirst: string[] = new Array<string>(nStudents);
  const rng = new Rng(key, STREAM.people);
  const insPerson = db.prepare('INSERT INTO person (identifier, first_name, last_name, email, role, sort_key) VALUES (?, ?, ?, ?, ?, ?)');
  const groupWeights = NAME_GROUPS.map((g) => g.weight);
  const allFirst = NAME_GROUPS.flatMap((g) => g.first);
  const emails = new Set<string>();
  let first = '';
  let last = '';
  const pickName = (): void => {
    const g = NAME_GROUPS[rng.weighted(groupWeights)] as (typeof NAME_GROUPS)[number];
    first = rng.chance(0.75) ? rng.pick(g.first) : rng.pick(allFirst);
    last = rng.pick(g.last);
  };
  const uniqueEmail = (): string => {
    const base = `${emailPart(first) || 'user'}.${emailPart(last) || 'user'}`;
    let email = `${base}@example.edu`;
    for (let n = 2; emails.has(email); n++) email = `${base}${n}@example.edu`;
    emails.add(email);
    return email;
  };

  // Exact role counts, shuffled over the identifiers so E0001 is not always an advisor.
  const nCoach = Math.max(1, Math.round(nStaff * STAFF_ROLE_SHARE.Coach));
  const nOther = Math.max(1, Math.round(nStaff * STAFF_ROLE_SHARE.Staff));
  const nAdvisor = Math.max(1, Math.round(nStaff * STAFF_ROLE_SHARE.Advisor));
  const nFaculty = nStaff - nAdvisor - nCoach - nOther;
  const roles: StaffRole[] = [];
  for (let i = 0; i < nAdvisor; i++) roles.push('Advisor');
  for (let i = 0; i < nFaculty; i++) roles.push('Faculty');
  for (let i = 0; i < nCoach; i++) roles.push('Coach');
  for (let i = 0; i < nOther; i++) roles.push('Staff');
  rng.shuffle(roles);

  const staffWidth = Math.max(4, String(nStaff).length);
  for (let i = 0; i < nStaff; i++) {
    const id = padId('E', i + 1, staffWidth);
    const role = roles[i] as StaffRole;
    pickName();
    staffIds[i] = id;
    staffRoles[i] = role;
    insPerson.run(id, first, last, uniqueEmail(), role, `${last} ${first} ${id}`.toLowerCase());
  }
  const studentWidth = Math.max(6, String(nStudents).length);
  for (let i = 0; i < nStudents; i++) {
    const id = padId('S', i + 1, studentWidth);
    pickName();
    studentIds[i] = id;
    studentFirst[i] = first;
    insPerson.run(id, first, last, uniqueEmail(), 'Student', `${last} ${first} ${id}`.toLowerCase());
  }
  return { staffIds, staffRoles, studentIds, studentFirst };
}
