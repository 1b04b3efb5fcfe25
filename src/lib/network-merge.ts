/**
 * Three-way merge of success networks (ordered lists of person identifiers; order is priority).
 *
 * E16 replaces a network as a whole and the contract has no version, so an editor keeps the
 * network it started from (`base`), reads the network again just before writing (`theirs`) and
 * merges its own edit (`yours`) into it. Semantics:
 *
 * - Membership: every addition of either side is kept, every removal of either side is kept.
 *   Both sides adding or removing the same person is the same intent, not a conflict.
 * - Order: a side "reordered" when the members it kept from `base` are no longer in `base`'s
 *   relative order. When only one side reordered, its order wins; when both did and they agree
 *   on the members all three share, that order wins; when both did and they disagree, it is a
 *   conflict. A person one side moved and the other removed is a conflict too.
 * - Placement of additions: an added person goes right after the member that precedes them on
 *   the side that added them (the nearest one still present), or first when none does; one
 *   added after every kept member of their side goes last.
 * - The merged network must respect the contract's 500-member limit; otherwise it is a conflict.
 *
 * Pure: no I/O, no React. Identifiers are compared exactly.
 */

export const MAX_NETWORK_SIZE = 500;

export interface NetworkDiff {
  added: string[];
  removed: string[];
  /** True when the members present in both are in a different relative order. */
  reordered: boolean;
}

/** Why two edits cannot both be kept, with the person it concerns (a page says their name). */
export type ConflictReason = { kind: 'bothReordered' } | { kind: 'movedRemoved' | 'removedMoved'; identifier: string } | { kind: 'tooLarge'; size: number };

/** A conflict's reason in words; `nameOf` says who a person is (default: their identifier). */
export function reasonText(reason: ConflictReason, nameOf: (identifier: string) => string = (id) => id): string {
  switch (reason.kind) {
    case 'bothReordered':
      return 'Both changed the order of the network.';
    case 'movedRemoved':
      return `${nameOf(reason.identifier)} was moved in the saved network but removed in yours.`;
    case 'removedMoved':
      return `${nameOf(reason.identifier)} was removed in the saved network but moved in yours.`;
    case 'tooLarge':
      return `Together the changes make ${reason.size} members, more than ${MAX_NETWORK_SIZE}.`;
  }
}

export type MergeResult =
  /** Nobody else changed the network: write `merged` (which is `yours`). */
  | { status: 'unchanged'; merged: string[] }
  /** Someone else changed it, without overlap: write `merged`, which keeps both edits. */
  | { status: 'merged'; merged: string[]; theirs: NetworkDiff; yours: NetworkDiff }
  /** The edits overlap: a person must choose. `merged` is the best effort (theirs' order). */
  | { status: 'conflict'; merged: string[]; theirs: NetworkDiff; yours: NetworkDiff; reasons: string[]; conflicts: ConflictReason[] };

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** `list` restricted to the members of `keep`, in `list`'s order. */
const only = (list: readonly string[], keep: ReadonlySet<string>) => list.filter((x) => keep.has(x));

/** What changed from `before` to `after`. */
export function diffNetworks(before: readonly string[], after: readonly string[]): NetworkDiff {
  const b = new Set(before);
  const a = new Set(after);
  const added = after.filter((x) => !b.has(x));
  const removed = before.filter((x) => !a.has(x));
  const common = new Set(before.filter((x) => a.has(x)));
  return { added, removed, reordered: !sameList(only(before, common), only(after, common)) };
}

/**
 * Members of `side` whose position relative to the others changed from `base`: those outside one
 * longest run that kept `base`'s order (the fewest moves that explain the new order).
 */
export function movedMembers(base: readonly string[], side: readonly string[]): Set<string> {
  const position = new Map(base.map((x, i) => [x, i]));
  const kept = side.filter((x) => position.has(x));
  const ranks = kept.map((x) => position.get(x)!);
  // Longest increasing subsequence, O(n log n), with back-pointers.
  const tails: number[] = [];
  const previous = new Array<number>(ranks.length).fill(-1);
  ranks.forEach((rank, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ranks[tails[mid]!]! < rank) lo = mid + 1;
      else hi = mid;
    }
    previous[i] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = i;
  });
  const stay = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i !== -1; i = previous[i]!) stay.add(i);
  return new Set(kept.filter((_, i) => !stay.has(i)));
}

/** Inserts `side`'s additions into `into`, each after its nearest preceding member in `side`. */
function placeAdditions(into: string[], side: readonly string[], additions: ReadonlySet<string>): string[] {
  const result = [...into];
  const present = new Set(result);
  side.forEach((member, i) => {
    if (!additions.has(member) || present.has(member)) return;
    // Added at the end (nothing after it that is kept): it stays last, the lowest priority.
    const inTail = side.slice(i + 1).every((next) => additions.has(next));
    let at = inTail ? result.length : 0;
    for (let j = i - 1; j >= 0 && !inTail; j -= 1) {
      const anchor = result.indexOf(side[j]!);
      if (anchor !== -1) {
        at = anchor + 1;
        break;
      }
    }
    result.splice(at, 0, member);
    present.add(member);
  });
  return result;
}

export function mergeNetworks(base: readonly string[], theirs: readonly string[], yours: readonly string[]): MergeResult {
  if (sameList(base, theirs)) return { status: 'unchanged', merged: [...yours] };
  const theirDiff = diffNetworks(base, theirs);
  const yourDiff = diffNetworks(base, yours);
  if (sameList(base, yours) || sameList(theirs, yours)) return { status: 'merged', merged: [...theirs], theirs: theirDiff, yours: yourDiff };

  const removed = new Set([...theirDiff.removed, ...yourDiff.removed]);
  const conflicts: ConflictReason[] = [];

  // Who decides the order of the members kept from base.
  const theirsKept = new Set(theirs);
  const yoursKept = new Set(yours);
  const shared = new Set(base.filter((x) => theirsKept.has(x) && yoursKept.has(x)));
  let skeletonSide: readonly string[] = theirs;
  if (theirDiff.reordered && yourDiff.reordered) {
    if (!sameList(only(theirs, shared), only(yours, shared))) conflicts.push({ kind: 'bothReordered' });
  } else if (yourDiff.reordered) {
    skeletonSide = yours;
  }
  const theirMoves = theirDiff.reordered ? movedMembers(base, theirs) : new Set<string>();
  const yourMoves = yourDiff.reordered ? movedMembers(base, yours) : new Set<string>();
  for (const x of yourDiff.removed) if (theirMoves.has(x)) conflicts.push({ kind: 'movedRemoved', identifier: x });
  for (const x of theirDiff.removed) if (yourMoves.has(x)) conflicts.push({ kind: 'removedMoved', identifier: x });

  const baseKept = base.filter((x) => !removed.has(x));
  const keptSet = new Set(baseKept);
  let merged = only(skeletonSide, keptSet);
  const otherSide = skeletonSide === theirs ? yours : theirs;
  const skeletonAdded = new Set(skeletonSide === theirs ? theirDiff.added : yourDiff.added);
  const otherAdded = new Set(skeletonSide === theirs ? yourDiff.added : theirDiff.added);
  merged = placeAdditions(merged, skeletonSide, skeletonAdded);
  merged = placeAdditions(merged, otherSide, otherAdded);

  if (merged.length > MAX_NETWORK_SIZE) conflicts.push({ kind: 'tooLarge', size: merged.length });
  return conflicts.length > 0
    ? { status: 'conflict', merged, theirs: theirDiff, yours: yourDiff, reasons: conflicts.map((c) => reasonText(c)), conflicts }
    : { status: 'merged', merged, theirs: theirDiff, yours: yourDiff };
}

export interface NetworkRuleViolation {
  identifier: string;
  message: string;
}

/** The contract's rules for an E16 body that a client can check itself (E16: decisions §7). */
export function networkRuleViolations(owner: string, members: readonly string[]): NetworkRuleViolation[] {
  const violations: NetworkRuleViolation[] = [];
  const seen = new Set<string>();
  for (const identifier of members) {
    if (identifier === owner) violations.push({ identifier, message: `${identifier} is the student: nobody can be in their own success network.` });
    else if (seen.has(identifier)) violations.push({ identifier, message: `${identifier} is listed twice.` });
    seen.add(identifier);
  }
  if (members.length > MAX_NETWORK_SIZE) {
    violations.push({ identifier: '', message: `A network has at most ${MAX_NETWORK_SIZE} members; this one has ${members.length}.` });
  }
  return violations;
}
