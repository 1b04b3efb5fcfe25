import { PAGES } from '../../app/route-table.ts';
import { NotFoundState } from '../../components/not-found-state.tsx';

/** Not found, inside the shell, with the way back to the administrations. */
export function ScoresNotFound({ what }: { what: string }) {
  return (
    <NotFoundState title="Administration not found" back={{ to: PAGES.scores.href({}), label: 'Back to administrations' }} testId="scores-not-found">
      The service has no {what}. The link may be mistyped, or the administration may have been removed.
    </NotFoundState>
  );
}
