import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CreateCommentBodySchema } from '../../api/schemas/notations.ts';
import { detailsProblem, fieldOf, placeOnFields, sentence, serverErrorOf, useFocusRequest } from './form-parts.tsx';
import { useDraftForm } from './use-draft-form.ts';

/** A comment's one field, by the contract's rule for a comment's `details`. */
const DetailsFormSchema = z.object({ details: CreateCommentBodySchema.shape.details });
type DetailsForm = z.infer<typeof DetailsFormSchema>;

const INITIAL: DetailsForm = { details: '' };

/**
 * A form of one text, `details` (a comment, the comment that lowers alerts), on react-hook-form,
 * kept as a draft under `draftKey`: its error once a send was tried (then following the typing)
 * or while the service's complaint about it stands, the problems the service gave that no field
 * can show, and where focus goes after a failed save.
 */
export function useDetailsDraft(draftKey: string) {
  const { form, draft } = useDraftForm<DetailsForm>(draftKey, INITIAL, DetailsFormSchema);
  const details = useWatch({ control: form.control, name: 'details' });
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusWhenShown = useFocusRequest();

  return {
    control: form.control,
    draft,
    failureRef,
    focusWhenShown,
    unplaced,
    error: serverErrorOf(form, 'details') ?? (form.formState.isSubmitted ? detailsProblem(details) : undefined),
    /** A send: `send` gets the trimmed text when the contract's rule accepts it; otherwise the field says why and takes the focus. */
    submit: (send: (details: string) => void) =>
      void form.handleSubmit(
        (values) => {
          setUnplaced([]);
          send(values.details.trim());
        },
        () => form.setFocus('details'),
      )(),
    /** A failed save: the service's word on `details` under the field (focused), the rest in the failure box (focused). */
    showFailure: (failure: unknown) => {
      const { placed, unplaced } = placeOnFields(form, failure, ['details'], (name, message) =>
        name === 'details' ? { field: 'details', message: sentence(message) } : undefined,
      );
      setUnplaced(unplaced);
      if (!placed) focusWhenShown(() => failureRef.current);
    },
    /** Empty again: the draft, the errors and the submitted state go. */
    clear: () => {
      draft.clear();
      setUnplaced([]);
    },
    /** Empty again, and focus back in the field. */
    discard: () => {
      draft.clear();
      setUnplaced([]);
      focusWhenShown(() => fieldOf(form, 'details'));
    },
    /** The errors go, the text stays (a dialog closed without sending). */
    forgetErrors: () => {
      form.reset(undefined, { keepValues: true, keepDefaultValues: true });
      setUnplaced([]);
    },
  };
}
