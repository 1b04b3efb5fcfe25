import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fieldErrors, isApiError } from '../../api/errors.ts';
import { VIEW_NAME_MAX, ViewNameSchema } from '../../api/saved-views.ts';
import { describeError } from '../problem-message.tsx';

const FormSchema = z.object({ name: ViewNameSchema });
type NameForm = z.infer<typeof FormSchema>;

export interface ViewNameDialogProps {
  title: string;
  /** What the dialog does, in a sentence under its title. */
  description: string;
  submitLabel: string;
  initialName: string;
  /** Saves the name; a rejected promise keeps the dialog open with the reason. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A view's name, asked for when it is saved or renamed (mounted only while open, so each opening
 * starts from `initialName`). The gateway's refusal (a name already used on this page) is shown on
 * the field; anything else under it.
 */
export function ViewNameDialog({ title, description, submitLabel, initialName, onSubmit, onClose }: ViewNameDialogProps) {
  const ids = { title: useId(), description: useId() };
  const form = useForm<NameForm>({ resolver: zodResolver(FormSchema), defaultValues: { name: initialName } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
    } catch (error) {
      const onField = fieldErrors(error, 'body').name;
      const status = isApiError(error) ? error.status : undefined;
      if (onField && status === 409) form.setError('name', { message: describeError(error) });
      else if (onField && status === 400) form.setError('name', { message: onField });
      else form.setError('root', { message: describeError(error) });
    }
  });
  const close = () => {
    if (!isSubmitting) onClose();
  };
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs" aria-labelledby={ids.title} aria-describedby={ids.description}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={ids.title}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={ids.description}>{description}</DialogContentText>
            <TextField
              {...form.register('name')}
              label="Name"
              autoFocus
              required
              fullWidth
              error={Boolean(errors.name)}
              helperText={errors.name?.message ?? `Up to ${VIEW_NAME_MAX} characters.`}
              slotProps={{ htmlInput: { maxLength: VIEW_NAME_MAX + 20 } }}
            />
            {errors.root ? <Alert severity="error">{errors.root.message}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
