import { useMutation, type MutationFunctionContext, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient, CreateAlertInput, CreateUpdateInput } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import type { Created } from '../../api/schemas/index.ts';
import { alertMutations, type AddAlertCommentVariables, type LowerAlertVariables } from '../../queries/alerts.ts';
import { onTimelineOf } from '../../queries/keys.ts';
import { updateMutations, type AddUpdateCommentVariables } from '../../queries/notations.ts';
import { draftKeys } from './draft-keys.ts';
import { removeDraft } from './use-draft.ts';

/**
 * The composers' writes are the query layer's (`updateMutations`, `alertMutations`: the request
 * and what it makes stale), with two additions that belong to the mutation, not to the call site:
 *
 * - a save that succeeds removes its form's stored draft, even when the form is gone by then (the
 *   page was left while the save ran: `mutate`'s own callbacks would not run, and the posted text
 *   would come back as a draft);
 * - a comment also makes the student's timeline lists of that notation kind stale (their
 *   last-modified times change), which the query layer's `addComment` leaves to the lists that
 *   expand comments or filter on the last-modified time.
 */

function invalidateTimelineOf(context: MutationFunctionContext, root: 'updates' | 'alerts', student: string) {
  return context.client.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === root && onTimelineOf(queryKey, student) });
}

/** A notation's create (E4, or the alert extension), then the query layer's invalidation and the draft goes. */
function useCreateFromDraft<B extends { student: { identifier: string } }>(kind: 'update' | 'alert', base: UseMutationOptions<Created, Error, B>) {
  return useMutation({
    ...base,
    onSuccess: async (created: Created, body: B, onMutateResult: unknown, context: MutationFunctionContext) => {
      removeDraft(draftKeys.notation(kind, body.student.identifier));
      await base.onSuccess?.(created, body, onMutateResult, context);
    },
  });
}

/** E4, then the update lists of the student go stale (query layer) and the draft goes. */
export const useCreateUpdateFromDraft = (api: ApiClient) => useCreateFromDraft<CreateUpdateInput>('update', updateMutations.create(api));

/** Extension POST alerts, then the alert lists of the student go stale (query layer) and the draft goes. */
export const useCreateAlertFromDraft = (api: ApiClient) => useCreateFromDraft<CreateAlertInput>('alert', alertMutations.create(api));

export function useAddUpdateCommentFromDraft(api: ApiClient, student: string) {
  const base = updateMutations.addComment(api);
  return useMutation({
    ...base,
    onSuccess: async (created: Created, variables: AddUpdateCommentVariables, onMutateResult: unknown, context: MutationFunctionContext) => {
      removeDraft(draftKeys.comment('update', student, variables.updateId));
      await Promise.all([base.onSuccess?.(created, variables, onMutateResult, context), invalidateTimelineOf(context, 'updates', student)]);
    },
  });
}

export function useAddAlertCommentFromDraft(api: ApiClient, student: string) {
  const base = alertMutations.addComment(api);
  return useMutation({
    ...base,
    onSuccess: async (
      created: Created,
      variables: AddAlertCommentVariables,
      onMutateResult: { student: string | undefined },
      context: MutationFunctionContext,
    ) => {
      removeDraft(draftKeys.comment('alert', student, variables.alertId));
      await Promise.all([base.onSuccess?.(created, variables, onMutateResult, context), invalidateTimelineOf(context, 'alerts', student)]);
    },
  });
}

/** What the person is told when a lowering ends: said by the mutation, as its caller may be gone by then. */
export interface LoweringFeedback {
  lowered: () => void;
  alreadyLowered: () => void;
}

/**
 * Lower an alert (optimistic, via the alerts query layer), then its draft goes. The alert shows
 * Lowered at once, so a timeline that offers the button on open alerts only unmounts it (and its
 * dialog) before the write ends: `feedback` runs here, not in `mutate`'s callbacks, to be heard.
 */
export function useLowerAlertFromDraft(api: ApiClient, student: string, feedback: LoweringFeedback) {
  const base = alertMutations.lower(api);
  return useMutation({
    ...base,
    onSuccess: (_created: Created, { alertId }: LowerAlertVariables) => {
      removeDraft(draftKeys.lower(student, alertId));
      feedback.lowered();
    },
    onError: (error, variables, onMutateResult, context) => {
      base.onError?.(error, variables, onMutateResult, context);
      if (isApiError(error) && error.kind === 'http' && error.status === 409) feedback.alreadyLowered();
    },
  });
}
