import { useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApiClient } from '../../api/client.ts';
import type { Page } from '../../api/http.ts';
import type { CategoryRecord } from '../../api/schemas/index.ts';
import { ALERT_AUDIENCES, UPDATE_AUDIENCES } from '../../api/schemas/notations.ts';
import { useApi } from '../../queries/api-context.tsx';
import { toastBus } from '../toasts.tsx';
import { describeError } from '../problem-message.tsx';
import { categoryQueries } from '../../queries/categories.ts';
import { useCreateAlertFromDraft, useCreateUpdateFromDraft } from './compose-mutations.ts';
import { draftKeys } from './draft-keys.ts';
import { DetailsField, detailsError, FormHint, placeFieldErrors, SaveFailure, sentence, useFocusRequest, useSignedIn } from './form-parts.tsx';
import { useDraft } from './use-draft.ts';

/** A chosen category: the id goes to the service, the name is kept for the draft and the chips. */
export interface ChosenCategory {
  id: number;
  name: string;
}

export interface NotationDraft<A extends string> {
  details: string;
  audienceType: A;
  canStudentView: boolean;
  categories: ChosenCategory[];
}

type Field = 'details' | 'audienceType' | 'canStudentView' | 'categories';
/** The fields in the order they show: the first one in error gets the focus. */
const FIELD_ORDER: readonly Field[] = ['details', 'audienceType', 'canStudentView', 'categories'];

const AUDIENCE_HELP: Record<string, { label: string; help: string }> = {
  Private: { label: 'Private', help: 'Only you, the author, can see it.' },
  All: { label: 'All staff', help: 'Every staff member who can see this student.' },
  FullNetwork: { label: 'Full success network', help: "Everyone in the student's success network." },
};

/** What a notation composer is: an update (E4) or an alert (extension POST alerts). */
interface NotationKind<A extends string> {
  kind: 'update' | 'alert';
  noun: string;
  audiences: readonly A[];
  defaultAudience: A;
  posted: string;
}

export interface CreateNotationBody<A extends string> {
  audienceType: A;
  canStudentView: boolean;
  categories: { id: number }[];
  createdBy: { identifier: string };
  details: string;
  student: { identifier: string };
}

interface Poster<A extends string> {
  post: (body: CreateNotationBody<A>, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

const UPDATE: NotationKind<(typeof UPDATE_AUDIENCES)[number]> = {
  kind: 'update',
  noun: 'update',
  audiences: UPDATE_AUDIENCES,
  defaultAudience: 'Private',
  posted: 'Update posted',
};

const ALERT: NotationKind<(typeof ALERT_AUDIENCES)[number]> = {
  kind: 'alert',
  noun: 'alert',
  audiences: ALERT_AUDIENCES,
  defaultAudience: 'All',
  posted: 'Alert posted',
};

/** Form for a new update of `student` (E4): details, audience, visible to the student, categories. */
export function UpdateComposer({ student }: { student: string }) {
  // Another student is another form: its own draft, errors and save.
  return <UpdateComposerOf key={student} student={student} />;
}

function UpdateComposerOf({ student }: { student: string }) {
  const api = useApi();
  const mutation = useCreateUpdateFromDraft(api);
  const poster: Poster<(typeof UPDATE_AUDIENCES)[number]> = {
    post: (body, handlers) => mutation.mutate(body, handlers),
    isPending: mutation.isPending,
    error: mutation.error,
    reset: mutation.reset,
  };
  return <NotationComposer config={UPDATE} student={student} poster={poster} api={api} />;
}

/** Form for a new alert of `student` (extension POST alerts; audience All or FullNetwork). */
export function AlertComposer({ student }: { student: string }) {
  return <AlertComposerOf key={student} student={student} />;
}

function AlertComposerOf({ student }: { student: string }) {
  const api = useApi();
  const mutation = useCreateAlertFromDraft(api);
  const poster: Poster<(typeof ALERT_AUDIENCES)[number]> = {
    post: (body, handlers) => mutation.mutate(body, handlers),
    isPending: mutation.isPending,
    error: mutation.error,
    reset: mutation.reset,
  };
  return <NotationComposer config={ALERT} student={student} poster={poster} api={api} />;
}

/** Only the active categories can be chosen (decisions §7). */
const activeOnly = (page: Page<CategoryRecord>) =>
  page.values.filter((category) => category.isActive).sort((a, b) => a.name.localeCompare(b.name));

function isChosenCategory(value: unknown): value is ChosenCategory {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name } = value as Record<string, unknown>;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && typeof name === 'string';
}

/** A stored draft, checked: a known audience, well-formed categories, none twice. */
function parseDraft<A extends string>(audiences: readonly A[], fallback: A) {
  return (stored: NotationDraft<A>): NotationDraft<A> => {
    const seen = new Set<number>();
    const categories = stored.categories.filter(isChosenCategory).filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
    return {
      ...stored,
      audienceType: audiences.includes(stored.audienceType) ? stored.audienceType : fallback,
      categories: categories.map(({ id, name }) => ({ id, name })),
    };
  };
}

function NotationComposer<A extends string>({
  config,
  student,
  poster,
  api,
}: {
  config: NotationKind<A>;
  student: string;
  poster: Poster<A>;
  api: ApiClient;
}) {
  const ids = {
    audience: useId(),
    audienceHelp: useId(),
    visibleHelp: useId(),
  };
  const author = useSignedIn();
  const categories = useQuery({ ...categoryQueries.list(api, { pageSize: 1000 }), select: activeOnly });
  const initial: NotationDraft<A> = { details: '', audienceType: config.defaultAudience, canStudentView: false, categories: [] };
  const [values, setValues, draft] = useDraft(draftKeys.notation(config.kind, student), initial, {
    parse: parseDraft(config.audiences, config.defaultAudience),
  });

  /** Client-side errors show once a submit was tried, then follow the typing. */
  const [attempted, setAttempted] = useState(false);
  /** The refused save's field errors, each until its field is edited. */
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [unplaced, setUnplaced] = useState<string[]>([]);

  const detailsRef = useRef<HTMLTextAreaElement | HTMLInputElement>(null);
  const categoriesRef = useRef<HTMLInputElement>(null);
  const audienceRef = useRef<HTMLInputElement>(null);
  const visibleRef = useRef<HTMLInputElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusWhenShown = useFocusRequest();

  const active = categories.data;
  const activeIds = new Set(active?.map((c) => c.id));
  const noLongerActive = active ? values.categories.filter((c) => !activeIds.has(c.id)) : [];

  const clientErrors: Partial<Record<Field, string>> = {
    details: detailsError(values.details),
    audienceType: config.audiences.includes(values.audienceType) ? undefined : 'Choose who can see it.',
    categories:
      noLongerActive.length > 0
        ? `${noLongerActive.map((c) => c.name).join(', ')} ${noLongerActive.length === 1 ? 'is' : 'are'} no longer active: remove ${noLongerActive.length === 1 ? 'it' : 'them'}.`
        : undefined,
  };
  // A chosen category that is no longer active (a draft from before) is said at once; the rest after a submit.
  const errorOf = (field: Field): string | undefined =>
    serverErrors[field] ?? (attempted || field === 'categories' ? clientErrors[field] : undefined);

  const change = <F extends Field>(field: F, value: NotationDraft<A>[F]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (serverErrors[field] !== undefined) setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const fieldElement = (field: Field) =>
    ({ details: detailsRef, audienceType: audienceRef, canStudentView: visibleRef, categories: categoriesRef })[field].current;
  const focusField = (field: Field) => fieldElement(field)?.focus();

  const submit = () => {
    if (poster.isPending) return;
    setAttempted(true);
    const invalid = FIELD_ORDER.find((field) => clientErrors[field] !== undefined);
    if (invalid) {
      focusField(invalid);
      return;
    }
    if (!author.identifier) return;
    const sent = values;
    setServerErrors({});
    setUnplaced([]);
    poster.post(
      {
        audienceType: sent.audienceType,
        canStudentView: sent.canStudentView,
        categories: sent.categories.map(({ id }) => ({ id })),
        createdBy: { identifier: author.identifier },
        details: sent.details.trim(),
        student: { identifier: student },
      },
      {
        onSuccess: () => {
          draft.clear();
          setAttempted(false);
          toastBus.show(config.posted, 'success');
          detailsRef.current?.focus();
        },
        onError: (error) => {
          const placed = placeFieldErrors<Field>(error, (name, message) => {
            if (name === 'details' || name === 'audienceType' || name === 'canStudentView') return { field: name, message: sentence(message) };
            const category = /^categories(?:\[(\d+)\])?/.exec(name);
            if (category) {
              const chosen = category[1] === undefined ? undefined : sent.categories[Number(category[1])];
              return { field: 'categories', message: sentence(chosen ? `${chosen.name}: ${message}` : message) };
            }
            return undefined;
          });
          setServerErrors(placed.fields);
          setUnplaced(placed.unplaced);
          const first = FIELD_ORDER.find((field) => placed.fields[field] !== undefined);
          focusWhenShown(() => (first ? fieldElement(first) : failureRef.current));
        },
      },
    );
  };

  const discard = () => {
    draft.clear();
    poster.reset();
    setAttempted(false);
    setServerErrors({});
    setUnplaced([]);
    detailsRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  // The chosen categories stay listed even when no longer active (disabled), so that they show and can be removed.
  const options: ChosenCategory[] = [
    ...(active ?? []).map(({ id, name }) => ({ id, name })),
    ...values.categories.filter((c) => !activeIds.has(c.id)),
  ];
  const categoriesError = errorOf('categories');
  const categoriesHelp =
    categoriesError ??
    (categories.isError ? `The categories could not be loaded (${describeError(categories.error)}). You can post without them.` : 'Optional. Only active categories can be chosen.');

  const Noun = config.noun.charAt(0).toUpperCase() + config.noun.slice(1);
  const audienceError = errorOf('audienceType');
  const visibleError = errorOf('canStudentView');

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={`New ${config.noun}`}>
      <Stack spacing={2}>
        {draft.restored && draft.dirty && <FormHint>Your unsaved draft was restored.</FormHint>}

        <DetailsField
          label="Details"
          value={values.details}
          onChange={(details) => change('details', details)}
          error={errorOf('details')}
          hint={`What happened, in plain text. Ctrl+Enter posts the ${config.noun}.`}
          onSubmit={submit}
          inputRef={detailsRef}
          minRows={4}
          readOnly={poster.isPending}
        />

        <FormControl component="fieldset" error={audienceError !== undefined}>
          <FormLabel component="legend" id={ids.audience}>
            Audience
          </FormLabel>
          <RadioGroup
            aria-labelledby={ids.audience}
            aria-describedby={ids.audienceHelp}
            name={`${config.kind}-audience-${student}`}
            value={values.audienceType}
            onChange={(event) => change('audienceType', event.target.value as A)}
          >
            {config.audiences.map((audience, index) => (
              <FormControlLabel
                key={audience}
                value={audience}
                control={<Radio slotProps={{ input: index === 0 ? { ref: audienceRef } : {} }} />}
                label={
                  <span>
                    {AUDIENCE_HELP[audience]?.label ?? audience}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' — '}
                      {AUDIENCE_HELP[audience]?.help ?? ''}
                    </Typography>
                  </span>
                }
              />
            ))}
          </RadioGroup>
          <FormHelperText id={ids.audienceHelp}>{audienceError ?? `Who can see the ${config.noun}.`}</FormHelperText>
        </FormControl>

        <FormControl error={visibleError !== undefined}>
          <FormControlLabel
            control={
              <Switch
                checked={values.canStudentView}
                onChange={(event) => change('canStudentView', event.target.checked)}
                slotProps={{ input: { ref: visibleRef, 'aria-describedby': ids.visibleHelp } }}
              />
            }
            label="Visible to the student"
          />
          <FormHelperText id={ids.visibleHelp}>{visibleError ?? `The student can read the ${config.noun} too.`}</FormHelperText>
        </FormControl>

        <Autocomplete
          multiple
          options={options}
          value={values.categories}
          onChange={(_event, chosen) => change('categories', chosen.map(({ id, name }) => ({ id, name })))}
          getOptionLabel={(option) => option.name}
          getOptionKey={(option) => option.id}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          getOptionDisabled={(option) => !activeIds.has(option.id)}
          filterSelectedOptions
          loading={categories.isPending}
          loadingText="Loading categories…"
          noOptionsText="No more active categories"
          renderInput={(params) => (
            <TextField {...params} label="Categories" inputRef={categoriesRef} error={categoriesError !== undefined} helperText={categoriesHelp} />
          )}
        />

        {poster.error != null && (
          <SaveFailure
            ref={failureRef}
            title={`The ${config.noun} was not posted. Your text is kept.`}
            error={poster.error}
            unplaced={unplaced}
            onRetry={submit}
            retrying={poster.isPending}
          />
        )}
        {!author.isPending && !author.identifier && (
          <FormHint>Sign in to post: every {config.noun} is written in the name of the signed-in staff member.</FormHint>
        )}

        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={poster.isPending || !author.identifier}>
            {poster.isPending ? 'Posting…' : `Post ${config.noun}`}
          </Button>
          {draft.dirty && (
            <Button type="button" onClick={discard} disabled={poster.isPending}>
              Discard draft
            </Button>
          )}
          {draft.dirty && <FormHint>{Noun} draft kept on this device until it is posted.</FormHint>}
        </Stack>
      </Stack>
    </Box>
  );
}
