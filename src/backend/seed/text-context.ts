import type { Rng } from './random.ts';
import { ASSIGNMENTS, type TextCtx } from './vocabulary.ts';

/** The text context handed to sentence templates; one instance, refilled for every notation. */
export class Ctx implements TextCtx {
  first = '';
  course = '';
  course2 = '';
  date = '';
  day = '';
  later = '';
  earlier = '';
  private readonly rng: Rng;
  private lastA = -1;

  constructor(rng: Rng) {
    this.rng = rng;
  }

  n(min: number, max: number): number {
    return this.rng.int(min, max);
  }

  pick<T>(items: readonly T[]): T {
    return this.rng.pick(items);
  }

  a(): string {
    this.lastA = this.rng.int(0, ASSIGNMENTS.length - 1);
    return ASSIGNMENTS[this.lastA] as string;
  }

  a2(): string {
    const i = (Math.max(this.lastA, 0) + this.rng.int(1, ASSIGNMENTS.length - 1)) % ASSIGNMENTS.length;
    return ASSIGNMENTS[i] as string;
  }

  gpa(min: number, max: number): string {
    return (this.rng.int(Math.round(min * 100), Math.round(max * 100)) / 100).toFixed(2);
  }
}
