import { useId, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useApi } from '../../queries/api-context.tsx';
import { toastBus } from '../toasts.tsx';
import { useAddAlertCommentFromDraft, useAddUpdateCommentFromDraft } from './compose-mutations.ts';
import { draftKeys } from './draft-keys.ts';
import { DetailsField, SaveFailure, useSignedIn } from './form-parts.tsx';
import { useDetailsDraft } from './use-details-draft.ts';

export interface CommentBoxProps {
  kind: 'update' | 'alert';
  notationId: number;
  student: string;
}

/** A small form to comment on an update or an alert (extension POST …/{id}/comments). */
export function CommentBox(props: CommentBoxProps) {
  // Another notation is another form: its own draft, errors and save.
  return <CommentForm key={`${props.kind}:${props.student}:${props.notationId}`} {...props} />;
}

function CommentForm({ kind, notationId, student }: CommentBoxProps) {
  const api = useApi();
  // Both hooks always run (rules of hooks); `kind` picks the one that writes.
  const onUpdate = useAddUpdateCommentFromDraft(api, student);
  const onAlert = useAddAlertCommentFromDraft(api, student);
  const mutation = kind === 'update' ? onUpdate : onAlert;
  const author = useSignedIn();
  const labelId = useId();

  const form = useDetailsDraft(draftKeys.comment(kind, student, notationId));
  const { draft, detailsRef, failureRef, setAttempted, setServerError, setUnplaced } = form;

  const handlers = {
    onSuccess: () => {
      draft.clear();
      setAttempted(false);
      toastBus.show('Comment added', 'success');
      detailsRef.current?.focus();
    },
    onError: form.showFailure,
  };

  const submit = () => {
    if (mutation.isPending) return;
    if (!form.validate()) return;
    if (!author.identifier) return;
    setServerError(undefined);
    setUnplaced([]);
    const body = { createdBy: { identifier: author.identifier }, details: form.details.trim() };
    if (kind === 'update') onUpdate.mutate({ updateId: notationId, body }, handlers);
    else onAlert.mutate({ alertId: notationId, body, student }, handlers);
  };

  const discard = () => {
    draft.clear();
    onUpdate.reset();
    onAlert.reset();
    setAttempted(false);
    setServerError(undefined);
    setUnplaced([]);
    detailsRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={labelId}>
      <Stack spacing={1}>
        <span id={labelId} hidden>
          {kind === 'update' ? 'Comment on this update' : 'Comment on this alert'}
        </span>
        <DetailsField
          label="Comment"
          value={form.details}
          onChange={form.change}
          error={form.error}
          hint="Ctrl+Enter adds the comment."
          onSubmit={submit}
          inputRef={detailsRef}
          minRows={2}
          readOnly={mutation.isPending}
        />
        {mutation.error != null && (
          <SaveFailure
            ref={failureRef}
            title="The comment was not added. Your text is kept."
            error={mutation.error}
            unplaced={form.unplaced}
            onRetry={submit}
            retrying={mutation.isPending}
          />
        )}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="outlined" size="small" disabled={mutation.isPending || !author.identifier}>
            {mutation.isPending ? 'Posting…' : 'Add comment'}
          </Button>
          {draft.dirty && (
            <Button type="button" size="small" onClick={discard} disabled={mutation.isPending}>
              Discard draft
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
