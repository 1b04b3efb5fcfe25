import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import type { JournalEntry } from '../../api/journal.ts';
import { usePeopleNames } from '../../components/person-name.tsx';
import type { NetworkDiff } from '../../lib/network-merge.ts';
import { journalQueries } from '../../queries/journal.ts';
import { useIsAdmin } from '../../queries/permissions.ts';
import { sessionQueries } from '../../queries/session.ts';

/**
 * The other write to this network that a merge kept: the journal answers newest first, and the
 * newest write that succeeded is this save's own (it is journalled before it is sent), so the one
 * before it.
 */
export function otherWrite(entries: readonly JournalEntry[]): JournalEntry | undefined {
  return entries.filter((entry) => entry.status !== null && entry.status < 400)[1];
}

const list = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * After a save merged with someone else's change (#31 item 8): what that change was, by name, and
 * who made it. Who is read from the change journal, which only administrators may read; anyone
 * else is told "someone else".
 */
export function MergedNotice({ student, theirs, onClose }: { student: string; theirs: NetworkDiff; onClose: () => void }) {
  const isAdmin = useIsAdmin();
  const me = useQuery(sessionQueries.current()).data?.identifier;
  const journal = useQuery({
    ...journalQueries.list({ target: `network/${student}`, operation: 'network.replace', limit: 10 }),
    enabled: isAdmin,
    // Read after this save, never an earlier answer: the entries asked about are the newest two.
    staleTime: 0,
    retry: false,
  });
  const author = journal.data ? otherWrite(journal.data.values)?.actor : undefined;
  const { added, removed, reordered } = theirs;
  const nameOf = usePeopleNames([...added, ...removed, ...(author ? [author] : [])]);
  const who = !author
    ? isAdmin && journal.isPending
      ? 'someone else (looking up who…)'
      : 'someone else'
    : author === me
      ? 'you (in another tab or window)'
      : nameOf(author);
  const what = [
    added.length > 0 ? `added ${list(added.map(nameOf))}` : null,
    removed.length > 0 ? `removed ${list(removed.map(nameOf))}` : null,
    reordered ? 'changed the order' : null,
  ].filter((part): part is string => part !== null);
  return (
    <Alert severity="info" onClose={onClose} sx={{ mb: 2 }} data-testid="merged-notice">
      While you were editing, {who} saved a change to this network: {what.length > 0 ? list(what) : 'no difference in members'}. Your save kept both.
    </Alert>
  );
}
