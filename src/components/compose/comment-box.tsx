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
  const { control, draft, error, failureRef, unplaced } = form;

  const submit = () => {
    if (mutation.isPending) return;
    form.submit((details) => {
      if (!author.identifier) return;
      const body = { createdBy: { identifier: author.identifier }, details };
      const handlers = {
        onSuccess: () => {
          form.discard();
          toastBus.show('Comment added', 'success');
        },
        onError: form.showFailure,
      };
      if (kind === 'update') onUpdate.mutate({ updateId: notationId, body }, handlers);
      else onAlert.mutate({ alertId: notationId, body, student }, handlers);
    });
  };

  const discard = () => {
    form.discard();
    onUpdate.reset();
    onAlert.reset();
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
          control={control}
          error={error}
          hint="Ctrl+Enter adds the comment."
          onSubmit={submit}
          minRows={2}
          readOnly={mutation.isPending}
        />
        <SaveFailure ref={failureRef} title="The comment was not added. Your text is kept." write={mutation} unplaced={unplaced} onRetry={submit} />
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
