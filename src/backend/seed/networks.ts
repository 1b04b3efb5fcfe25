import type { DatabaseSync } from 'node:sqlite';
import type { People } from './people.ts';
import { Rng } from './random.ts';
import { STREAM } from './units.ts';
import type { StaffRole } from './vocabulary.ts';

/** Success network size 2..6. */
const NETWORK_SIZES = [2, 3, 4, 5, 6];
const NETWORK_SIZE_WEIGHTS = [20, 30, 25, 15, 10];

/** Each student's network as staff indexes: members of student `s` are `netMembers[netStart[s]..netStart[s + 1])`, the advisor first. */
export interface Networks {
  netStart: Int32Array;
  netMembers: Int32Array;
}

/** Success networks: an advisor first, then faculty, coaches and staff; 2..6 distinct members. */
export function seedNetworks(db: DatabaseSync, key: number, { staffIds, staffRoles, studentIds }: People): Networks {
  const nStudents = studentIds.length;
  const netStart = new Int32Array(nStudents + 1);
  const netMembers = new Int32Array(nStudents * 6);
  const rng = new Rng(key, STREAM.networks);
  const insMember = db.prepare('INSERT INTO success_network (person, member, position) VALUES (?, ?, ?)');
  const byRole: Record<StaffRole, number[]> = { Advisor: [], Faculty: [], Coach: [], Staff: [] };
  staffRoles.forEach((r, i) => byRole[r].push(i));
  const otherRoles: StaffRole[] = ['Faculty', 'Coach', 'Staff'];
  const otherWeights = [55, 15, 30];
  const chosen: number[] = [];
  let p = 0;
  for (let s = 0; s < nStudents; s++) {
    netStart[s] = p;
    const size = rng.pickWeighted(NETWORK_SIZES, NETWORK_SIZE_WEIGHTS);
    chosen.length = 0;
    for (let tries = 0; chosen.length < size - 1 && tries < 60; tries++) {
      const pool = byRole[rng.pickWeighted(otherRoles, otherWeights)];
      if (pool.length === 0) continue;
      const m = rng.pick(pool);
      if (!chosen.includes(m)) chosen.push(m);
    }
    // faculty, then coaches, then staff; within a role, in staff id order
    chosen.sort((a, b) => {
      const ra = otherRoles.indexOf(staffRoles[a] as StaffRole);
      const rb = otherRoles.indexOf(staffRoles[b] as StaffRole);
      return ra - rb || a - b;
    });
    const sid = studentIds[s] as string;
    const advisor = rng.pick(byRole.Advisor);
    netMembers[p++] = advisor;
    insMember.run(sid, staffIds[advisor] as string, 0);
    for (let j = 0; j < chosen.length; j++) {
      const m = chosen[j] as number;
      netMembers[p++] = m;
      insMember.run(sid, staffIds[m] as string, j + 1);
    }
  }
  netStart[nStudents] = p;
  return { netStart, netMembers };
}
