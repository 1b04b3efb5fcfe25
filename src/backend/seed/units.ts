/** Time units and the PRNG streams of the seed, shared by its sections. */
export const SECOND = 1000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
/** Notations cover the days [now - HISTORY_DAYS, now). */
export const HISTORY_DAYS = 730;

/** Independent PRNG streams, one per section, so that changing one section leaves the others. */
export const STREAM = {
  people: 1,
  networks: 2,
  assignment: 3,
  notations: 4,
  definitions: 5,
  noncognitive: 6,
} as const;
