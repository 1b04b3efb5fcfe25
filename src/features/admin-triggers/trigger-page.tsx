import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAGES } from '../../app/route-table.ts';
import { useDeferredQuery } from '../../queries/use-deferred-query.ts';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { fieldErrors } from '../../api/errors.ts';
import { TriggerFrame } from './trigger-frame.tsx';
import type { Trigger } from '../../api/schemas/index.ts';
import { useApi } from '../../queries/api-context.tsx';
import { errorTextOnPaper } from '../../components/error-text-on-paper.ts';
import { describeError } from '../../components/problem-message.tsx';
import { triggerQueries, useUpdateTrigger } from '../../queries/triggers.ts';
import { usePermission } from '../../queries/permissions.ts';
import { triggerNotationText } from './trigger-notations.ts';
import { TriggerFormSchema, diffTrigger, formOf, type TriggerForm } from './trigger-form.ts';
import { AUDIENCE_WORDS, isTriggerId, kindWord, studentViewWord, triggerJournalHref } from './trigger-words.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { OutcomePanel } from '../../components/outcome-panel.tsx';

export const EARLIER_NOTATIONS_WARNING =
  'Notations this trigger created earlier are not changed: they keep their text and kind. The change applies to the notations created from now on.';

function Fields({ trigger }: { trigger: Trigger }) {
  const rows: [string, string][] = [
    ['Id', String(trigger.id)],
    ['Name', trigger.name],
    ['Additional advice', trigger.additionalAdvice || '(none)'],
    ['Creates', `${kindWord(trigger.elevateToAlert)}${trigger.elevateToAlert ? ' (status Open)' : ' (type Api)'}`],
    ['Audience', AUDIENCE_WORDS[trigger.audienceType]],
    ['Student visibility', studentViewWord(trigger.canStudentView)],
    ['Created', formatDateTime(trigger.createdOn)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}
      data-testid="trigger-fields"
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', mb: { xs: 1, sm: 0 } }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** One of the form's text fields: its error, when it has one, in place of its hint. */
function FormTextField({
  control,
  name,
  hint,
  ...props
}: { control: Control<TriggerForm>; name: 'name' | 'additionalAdvice'; hint: string } & Omit<TextFieldProps, 'name' | 'error' | 'helperText'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...props}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
          slotProps={{ formHelperText: { sx: errorTextOnPaper } }}
        />
      )}
    />
  );
}

function EditForm({ trigger, identifier }: { trigger: Trigger; identifier: string }) {
  const save = useUpdateTrigger();
  // A saved edit (or someone else's, refetched) becomes the new baseline; what is being typed is kept.
  const form = useForm<TriggerForm>({
    resolver: zodResolver(TriggerFormSchema),
    values: formOf(trigger),
    resetOptions: { keepDirtyValues: true },
    mode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as TriggerForm;
  const changes = diffTrigger(trigger, values);
  const submit = form.handleSubmit((data) => {
    const body: { name?: string; additionalAdvice?: string; elevateToAlert?: boolean } = {};
    for (const change of diffTrigger(trigger, data)) Object.assign(body, { [change.field]: data[change.field] });
    save.mutate(
      { id: trigger.id, body: { ...body, modifiedBy: { identifier } } },
      {
        onSuccess: () => form.reset(data),
        onError: (error) => {
          for (const [name, message] of Object.entries(fieldErrors(error, 'body'))) {
            if (name === 'name' || name === 'additionalAdvice' || name === 'elevateToAlert') form.setError(name, { message });
          }
        },
      },
    );
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="edit-heading">
      <Typography variant="h6" component="h2" id="edit-heading" sx={{ mb: 1.5 }}>
        Edit
      </Typography>
      <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
        <FormTextField control={form.control} name="name" label="Name" required hint="1–200 characters after trimming." />
        <FormTextField
          control={form.control}
          name="additionalAdvice"
          label="Additional advice"
          multiline
          minRows={3}
          hint="Up to 10,000 characters; may be empty."
        />
        <Controller
          control={form.control}
          name="elevateToAlert"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
              label="Elevate to alert (creates an alert instead of a data insight)"
            />
          )}
        />
        <Alert severity="warning">{EARLIER_NOTATIONS_WARNING}</Alert>
        {changes.length > 0 ? (
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              What will change
            </Typography>
            <Table size="small" aria-label="What will change" data-testid="trigger-diff">
              <TableHead>
                <TableRow>
                  <TableCell>Field</TableCell>
                  <TableCell>Now</TableCell>
                  <TableCell>After saving</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {changes.map((change) => (
                  <TableRow key={change.field}>
                    <TableCell>{change.label}</TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-wrap' }}>
                      <Box component="del" sx={{ color: 'text.secondary' }}>
                        {change.before}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-wrap' }}>
                      <Box component="ins" sx={{ textDecoration: 'none', fontWeight: 600 }}>
                        {change.after}
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
              New notations will read: “{triggerNotationText({ name: values.name ?? '', additionalAdvice: values.additionalAdvice ?? '' })}”
            </Typography>
          </Box>
        ) : (
          <Typography color="textSecondary">No changes yet.</Typography>
        )}
        {save.isError && (
          <Alert severity="error" role="alert">
            Not saved: {describeError(save.error)} Your changes are still in the form.
          </Alert>
        )}
        {save.isSuccess && !form.formState.isDirty && (
          <Alert severity="success" role="status">
            Saved. Earlier notations are unchanged.
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={changes.length === 0 || save.isPending || !form.formState.isValid}>
            {save.isPending ? 'Saving…' : 'Save changes'}
          </Button>
          <Button color="inherit" disabled={changes.length === 0 || save.isPending} onClick={() => form.reset(formOf(trigger))}>
            Discard
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** `/admin/triggers/:id`: every field of the trigger, its edit form with a diff, and the way to apply it (issue 12 item 8). */
export function TriggerPage() {
  const api = useApi();
  const { id = '' } = useParams();
  const permission = usePermission('editTriggers');
  const trigger = useDeferredQuery({ ...triggerQueries.detail(api, id), enabled: isTriggerId(id) });
  return (
    <TriggerFrame
      id={id}
      trigger={trigger}
      permission={permission}
      back={{ to: PAGES.triggers.href({}), label: 'All triggers' }}
      title={(t) => (t ? t.name : `Trigger ${id}`)}
    >
      {(data) => (
        <>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="fields-heading">
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1, flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="h6" component="h2" id="fields-heading">
                Definition
              </Typography>
              <Link component={RouterLink} to={triggerJournalHref(data)} variant="body2">
                Change history
              </Link>
            </Stack>
            <Fields trigger={data} />
          </Paper>
          <OutcomePanel kind="trigger" id={data.id} />
          {permission.allowed && permission.session && <EditForm key={data.id} trigger={data} identifier={permission.session.identifier} />}
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="apply-heading">
            <Typography variant="h6" component="h2" id="apply-heading">
              Apply to students
            </Typography>
            <Typography color="textSecondary" sx={{ mb: 1.5 }}>
              Applying is separate from saving: it creates one {kindWord(data.elevateToAlert).toLowerCase()} per student from the trigger as saved, and those
              cannot be taken back. You see who gets what before anything is sent.
            </Typography>
            {permission.allowed ? (
              <Button component={RouterLink} to={PAGES.applyTrigger.href({ id: data.id })} variant="contained">
                Apply to students…
              </Button>
            ) : (
              <Typography variant="body2">Applying needs the same permission as editing.</Typography>
            )}
          </Paper>
        </>
      )}
    </TriggerFrame>
  );
}
