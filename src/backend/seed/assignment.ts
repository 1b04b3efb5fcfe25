import { Rng, cumulative } from './random.ts';
import { STREAM } from './units.ts';

/** Share of all notations about S000001. */
const TOP_STUDENT_SHARE = 0.01;

/**
 * Which student each notation is about (in creation order): S000001 exactly 1 %, a handful of
 * others a few hundred each, everybody else a skewed share (a few dozen on average).
 */
export function assignStudents(key: number, nNotations: number, nStudents: number): Int32Array {
  const assign = new Int32Array(nNotations);
  const rng = new Rng(key, STREAM.assignment);
  let pos = Math.min(nNotations, Math.round(nNotations * TOP_STUDENT_SHARE));
  // assign[0..pos) = 0 already (S000001)
  const weights = new Float64Array(nStudents);
  // log-normal activity, clipped so that no ordinary student gets more than a hundred or so
  for (let s = 1; s < nStudents; s++) weights[s] = Math.min(3.5, Math.exp(0.6 * rng.normal()));
  const heavy = Math.min(6, nStudents - 1);
  // a few hundred each, but fewer than S000001 and at most 4 % of all notations
  const cap = Math.max(1, Math.min(Math.floor(nNotations * 0.04), pos - 10));
  for (let h = 0; h < heavy; h++) {
    let s: number;
    do s = rng.int(1, nStudents - 1);
    while (weights[s] === 0);
    weights[s] = 0;
    const count = Math.min(rng.int(150, 320), cap, nNotations - pos);
    assign.fill(s, pos, pos + count);
    pos += count;
  }
  const cum = cumulative(weights);
  const hasRest = nStudents > 1 && (cum[nStudents - 1] as number) > 0;
  for (; pos < nNotations; pos++) assign[pos] = hasRest ? rng.pickCumulative(cum) : 0;
  rng.shuffle(assign);
  return assign;
}
