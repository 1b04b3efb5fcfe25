import { useCallback, useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useDraft, type DraftControls, type DraftOptions } from './use-draft.ts';

export interface DraftForm<T extends FieldValues> {
  form: UseFormReturn<T>;
  draft: DraftControls;
}

/**
 * A react-hook-form form whose values are a draft (see `useDraft`: `localStorage`, debounced,
 * flushed on unmount): the stored draft is the form's default values, every change is written
 * back through a `watch` subscription, and `draft.clear()` also `reset`s the form (values, errors, submitted).
 * The rules are `schema`'s (the contract's, through the zod resolver): checked on submit, then on
 * every change.
 */
export function useDraftForm<T extends FieldValues>(
  key: string,
  initial: T,
  schema: z.ZodType<T, T>,
  options: Pick<DraftOptions<T>, 'parse'> = {},
): DraftForm<T> {
  const [initialValues] = useState(initial);
  const [stored, setStored, draft] = useDraft(key, initialValues, options);
  const form = useForm<T>({
    defaultValues: stored as DefaultValues<T>,
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The form says which field comes first (its order on screen, and the server's errors too).
    shouldFocusError: false,
  });
  const { subscribe, reset } = form;

  // Every change of the values is the draft's (react-hook-form's `watch`, as a subscription).
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => setStored(values) }), [subscribe, setStored]);

  const { clear: clearStored } = draft;
  const clear = useCallback(() => {
    clearStored();
    reset(initialValues);
  }, [clearStored, reset, initialValues]);

  return { form, draft: { ...draft, clear } };
}
