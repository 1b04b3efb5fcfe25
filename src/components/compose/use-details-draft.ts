import { useRef, useState } from 'react';
import { detailsError, placeFieldErrors, sentence, useFocusRequest } from './form-parts.tsx';
import { useDraft } from './use-draft.ts';

interface DetailsDraft {
  details: string;
}

const INITIAL: DetailsDraft = { details: '' };

/**
 * A form of one text, `details` (a comment, the comment that lowers an alert), kept as a draft
 * under `draftKey`: its error once a send was tried or the service refused the text, the
 * problems the service gave that no field can show, and where focus goes after a failed save.
 */
export function useDetailsDraft(draftKey: string) {
  const [values, setValues, draft] = useDraft<DetailsDraft>(draftKey, INITIAL);
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const detailsRef = useRef<HTMLTextAreaElement | HTMLInputElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusWhenShown = useFocusRequest();
  const clientError = detailsError(values.details);

  return {
    details: values.details,
    draft,
    detailsRef,
    failureRef,
    focusWhenShown,
    unplaced,
    setAttempted,
    setServerError,
    setUnplaced,
    error: serverError ?? (attempted ? clientError : undefined),
    /** The field's onChange: the new text, and the service's complaint about the old one goes. */
    change: (details: string) => {
      setValues({ details });
      setServerError(undefined);
    },
    /** A send is tried: false (focus on the field, its error shown) when the text cannot go. */
    validate: (): boolean => {
      setAttempted(true);
      if (clientError) {
        detailsRef.current?.focus();
        return false;
      }
      return true;
    },
    /** A failed save: the service's word on `details` under the field, the rest in the failure box, focus on it. */
    showFailure: (failure: unknown) => {
      const placed = placeFieldErrors<'details'>(failure, (name, message) => (name === 'details' ? { field: 'details', message: sentence(message) } : undefined));
      setServerError(placed.fields.details);
      setUnplaced(placed.unplaced);
      focusWhenShown(() => (placed.fields.details ? detailsRef.current : failureRef.current));
    },
  };
}
