import { useId, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController, type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { fieldErrors, isApiError } from '../../api/errors.ts';
import { characterCount, DetailsSchema } from '../../api/schemas/common.ts';
import { describeError } from '../problem-message.tsx';
import { sessionQueries } from '../../queries/session.ts';

/** decisions §7: details are 1–10,000 characters (code points) once trimmed; the counter shows it. */
export const DETAILS_MAX = 10_000;

const number = new Intl.NumberFormat(undefined);

/**
 * Why the contract's rule for `details` refuses `details`, in a person's words (undefined: it
 * accepts them). Said from the text on screen, so that it follows every keystroke.
 */
export function detailsProblem(details: string): string | undefined {
  if (DetailsSchema.safeParse(details).success) return undefined;
  const count = characterCount(details.trim());
  if (count === 0) return 'Enter the details: they cannot be blank.';
  return `Shorten the details to ${number.format(DETAILS_MAX)} characters or fewer (now ${number.format(count)}).`;
}

/** The message of a field error the service gave (`setError(…, { type: 'server' })`), until the field is edited. */
export function serverErrorOf<T extends FieldValues>(form: UseFormReturn<T>, field: Path<T>): string | undefined {
  const error = form.getFieldState(field, form.formState).error;
  return error?.type === 'server' ? error.message : undefined;
}

/** The identifier of the signed-in staff member: the author of every write (the gateway checks it). */
export function useSignedIn(): { identifier: string | undefined; isPending: boolean } {
  const session = useQuery(sessionQueries.current());
  return { identifier: session.data?.identifier, isPending: session.isPending };
}

// In a module of its own (write-section.tsx needs it before any form has loaded): re-exported here for the forms.
import type { Focusable } from './use-focus-request.ts';
export { useFocusRequest, type Focusable } from './use-focus-request.ts';

/** The form's field, focused once it is registered (see `useFocusRequest`). */
export const fieldOf = <T extends FieldValues>(form: UseFormReturn<T>, field: Path<T>): Focusable => ({ focus: () => form.setFocus(field) });

/** Ctrl+Enter (⌘+Enter on a Mac) submits, as in most comment boxes. */
export function submitOnCtrlEnter(submit: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
}

/**
 * The field errors of a refused write, placed on the form's fields: a field name of the problem
 * is `details`, `audienceType`, `categories[1].id`…; `place` says which form field shows it (or
 * undefined: shown in the failure message). Messages for one form field are joined.
 */
export function placeFieldErrors<F extends string>(
  error: unknown,
  place: (name: string, message: string) => { field: F; message: string } | undefined,
): { fields: Partial<Record<F, string>>; unplaced: string[] } {
  const fields: Partial<Record<F, string>> = {};
  const unplaced: string[] = [];
  for (const [name, message] of Object.entries(fieldErrors(error, 'body'))) {
    const placed = place(name, message);
    if (placed === undefined) {
      unplaced.push(`${name}: ${message}`);
    } else {
      const before = fields[placed.field];
      fields[placed.field] = before === undefined ? placed.message : `${before}; ${placed.message}`;
    }
  }
  return { fields, unplaced };
}

/**
 * A refused write's field errors on the form's fields (`setError`, type `server`), the first in
 * `order` focused (`placed`); what no field shows is returned, for the failure message.
 */
export function placeOnFields<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  order: readonly Path<T>[],
  place: (name: string, message: string) => { field: Path<T>; message: string } | undefined,
): { placed: boolean; unplaced: string[] } {
  const { fields, unplaced } = placeFieldErrors<Path<T>>(error, place);
  const first = order.find((field) => fields[field] !== undefined);
  for (const field of order) {
    const message = fields[field];
    if (message !== undefined) form.setError(field, { type: 'server', message }, { shouldFocus: field === first });
  }
  return { placed: first !== undefined, unplaced };
}

/** A sentence that starts with a capital letter and ends with a full stop. */
export function sentence(message: string): string {
  const text = message.trim();
  if (text === '') return text;
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** Details of a notation or comment (the form's `details` field): multiline, required, with a live character count. */
export function DetailsField<T extends { details: string }>(props: {
  control: Control<T>;
  label: string;
  error: string | undefined;
  hint: string;
  onSubmit: () => void;
  minRows?: number;
  autoFocus?: boolean;
  readOnly?: boolean;
}) {
  // Every form with this field has `details: string`; the cast names that field once, here.
  const { field } = useController({ control: props.control as unknown as Control<{ details: string }>, name: 'details' });
  const count = characterCount(field.value.trim());
  const over = count > DETAILS_MAX;
  return (
    <TextField
      label={props.label}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      onKeyDown={submitOnCtrlEnter(props.onSubmit)}
      multiline
      minRows={props.minRows ?? 3}
      maxRows={16}
      required
      fullWidth
      autoFocus={props.autoFocus}
      error={props.error !== undefined}
      inputRef={field.ref}
      slotProps={{ htmlInput: { readOnly: props.readOnly } }}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{props.error ?? props.hint}</span>
          <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: over ? 'error.main' : undefined }}>
            {number.format(count)} / {number.format(DETAILS_MAX)}
          </Box>
        </Box>
      }
    />
  );
}

/**
 * Whether sending the same again can succeed: not when the service refused the request itself
 * (400, 403, 404, 409, 422…: the text or the right must change first), except a timeout (408) or
 * too many requests (429). A network failure, a timeout and a 5xx are worth a retry.
 */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error) || error.kind !== 'http') return true;
  const status = error.status ?? 500;
  return status >= 500 || status === 408 || status === 429;
}

/**
 * Why a save failed: the problem's `detail` (or what describes a network failure), the field
 * errors that no field shows, and a Retry where sending again can help. Focusable, so that the
 * form can move focus here.
 */
export function SaveFailure({
  ref,
  write,
  ...props
}: {
  title: string;
  /** The write that failed (its mutation): nothing shows until it has an error; Retry waits while it runs. */
  write: { error: unknown; isPending: boolean };
  unplaced: readonly string[];
  onRetry?: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const titleId = useId();
  if (write.error == null) return null;
  const retryable = isRetryable(write.error);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="error"
      aria-labelledby={titleId}
      action={
        props.onRetry && retryable ? (
          <Button color="inherit" size="small" onClick={props.onRetry} disabled={write.isPending}>
            Retry
          </Button>
        ) : undefined
      }
    >
      <AlertTitle id={titleId}>{props.title}</AlertTitle>
      {describeError(write.error)}
      {props.unplaced.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {props.unplaced.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/** A line of help under a form's buttons: the keyboard shortcut, and that the draft is kept. */
export function FormHint({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
      {children}
    </Box>
  );
}
