import { useId, useRef, useState, type FormEvent } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
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
import { ALERT_AUDIENCES, CreateAlertBodySchema, CreateUpdateBodySchema, UPDATE_AUDIENCES } from '../../api/schemas/notations.ts';
import { useApi } from '../../queries/api-context.tsx';
import { currentPath } from '../../queries/session.ts';
import { sessionEndedOn } from '../../queries/session-events.ts';
import { toastBus } from '../toasts.tsx';
import { describeError } from '../problem-message.tsx';
import { categoryQueries } from '../../queries/categories.ts';
import { useCreateAlertFromDraft, useCreateUpdateFromDraft } from './compose-mutations.ts';
import { draftKeys } from './draft-keys.ts';
import {
  DetailsField,
  detailsProblem,
  fieldOf,
  FormHint,
  placeOnFields,
  SaveFailure,
  sentence,
  serverErrorOf,
  useFocusRequest,
  useSignedIn,
} from './form-parts.tsx';
import { useDraftForm } from './use-draft-form.ts';
import { useAudienceWords } from './audience-words.ts';
import { compareText } from '../../lib/collate.ts';

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

/** The audiences' names, as the timeline and the alert drawer show them; who each reaches is said beside (audience-words.ts). */
const AUDIENCE_LABELS: Record<string, string> = { Private: 'Private', All: 'All staff', FullNetwork: 'Full success network' };

/**
 * The composer's rules are the contract's (E4's body, and the alert extension's audiences); a
 * chosen category also keeps its name, for the chips and the draft.
 */
function notationFormSchema(audienceType: z.ZodType<string, string>) {
  const { canStudentView, categories, details } = CreateUpdateBodySchema.shape;
  return z.object({
    details,
    audienceType,
    canStudentView,
    categories: z.array(categories.unwrap().element.extend({ name: z.string() })),
  });
}
type NotationForm = z.infer<ReturnType<typeof notationFormSchema>>;

/** What a notation composer is: an update (E4) or an alert (extension POST alerts). */
interface NotationKind<A extends string> {
  kind: 'update' | 'alert';
  noun: string;
  audiences: readonly A[];
  defaultAudience: A;
  posted: string;
  schema: ReturnType<typeof notationFormSchema>;
}

export interface CreateNotationBody<A extends string> {
  audienceType: A;
  canStudentView: boolean;
  categories: { id: number }[];
  createdBy: { identifier: string };
  details: string;
  student: { identifier: string };
}

/** The write a composer posts with: the query layer's mutation (see compose-mutations.ts). */
interface Poster<A extends string> {
  mutate: (body: CreateNotationBody<A>, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

export interface ComposerProps {
  student: string;
  /** Given: a Collapse button closes the form back to its opener (the draft is kept). */
  onCollapse?: () => void;
}

const UPDATE: NotationKind<(typeof UPDATE_AUDIENCES)[number]> = {
  kind: 'update',
  noun: 'update',
  audiences: UPDATE_AUDIENCES,
  defaultAudience: 'Private',
  posted: 'Update posted',
  schema: notationFormSchema(CreateUpdateBodySchema.shape.audienceType),
};

const ALERT: NotationKind<(typeof ALERT_AUDIENCES)[number]> = {
  kind: 'alert',
  noun: 'alert',
  audiences: ALERT_AUDIENCES,
  defaultAudience: 'All',
  posted: 'Alert posted',
  schema: notationFormSchema(CreateAlertBodySchema.shape.audienceType),
};

/** Form for a new update of `student` (E4): details, audience, visible to the student, categories. */
export function UpdateComposer(props: ComposerProps) {
  // Another student is another form: its own draft, errors and save.
  return <UpdateComposerOf key={props.student} {...props} />;
}

function UpdateComposerOf(props: ComposerProps) {
  const api = useApi();
  return <NotationComposer config={UPDATE} poster={useCreateUpdateFromDraft(api)} api={api} {...props} />;
}

/** Form for a new alert of `student` (extension POST alerts; audience All or FullNetwork). */
export function AlertComposer(props: ComposerProps) {
  return <AlertComposerOf key={props.student} {...props} />;
}

function AlertComposerOf(props: ComposerProps) {
  const api = useApi();
  return <NotationComposer config={ALERT} poster={useCreateAlertFromDraft(api)} api={api} {...props} />;
}

/** Only the active categories can be chosen (decisions §7). */
const activeOnly = (page: Page<CategoryRecord>) => page.values.filter((category) => category.isActive).sort((a, b) => compareText(a.name, b.name));

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
  onCollapse,
}: ComposerProps & {
  config: NotationKind<A>;
  poster: Poster<A>;
  api: ApiClient;
}) {
  const ids = {
    audience: useId(),
    audienceHelp: useId(),
    visibleHelp: useId(),
  };
  const author = useSignedIn();
  const audienceWords: Record<string, string> = useAudienceWords(student);
  const categories = useQuery({ ...categoryQueries.list(api, { pageSize: 1000 }), select: activeOnly });
  const initial: NotationForm = { details: '', audienceType: config.defaultAudience, canStudentView: false, categories: [] };
  const { form, draft } = useDraftForm(draftKeys.notation(config.kind, student), initial, config.schema, {
    parse: parseDraft<string>(config.audiences, config.defaultAudience),
  });
  const values = useWatch({ control: form.control }) as NotationForm;
  /** The refused save's problems that no field shows. */
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusWhenShown = useFocusRequest();

  const active = categories.data;
  const activeIds = new Set(active?.map((c) => c.id));
  const noLongerActive = active ? values.categories.filter((c) => !activeIds.has(c.id)) : [];
  const inactiveChosen =
    noLongerActive.length > 0
      ? `${noLongerActive.map((c) => c.name).join(', ')} ${noLongerActive.length === 1 ? 'is' : 'are'} no longer active: remove ${noLongerActive.length === 1 ? 'it' : 'them'}.`
      : undefined;

  /**
   * What a field shows: the service's word on it until it is edited; else, once a submit was
   * tried, why the contract's rule refuses what is on screen now (it follows every keystroke);
   * a chosen category that is no longer active (a draft from before) is said at once.
   */
  const errorOf = (field: Field): string | undefined => {
    const server = serverErrorOf(form, field);
    if (server !== undefined || field === 'categories') return server ?? inactiveChosen;
    if (!form.formState.isSubmitted) return undefined;
    if (field === 'details') return detailsProblem(values.details);
    if (field === 'audienceType' && !config.schema.shape.audienceType.safeParse(values.audienceType).success) return 'Choose who can see it.';
    return undefined;
  };

  const post = (sent: NotationForm) => {
    if (inactiveChosen) {
      form.setFocus('categories');
      return;
    }
    if (!author.identifier) return;
    setUnplaced([]);
    poster.mutate(
      {
        audienceType: sent.audienceType as A,
        canStudentView: sent.canStudentView,
        categories: sent.categories.map(({ id }) => ({ id })),
        createdBy: { identifier: author.identifier },
        details: sent.details.trim(),
        student: { identifier: student },
      },
      {
        onSuccess: () => {
          draft.clear();
          toastBus.show(config.posted, 'success');
          focusWhenShown(() => fieldOf(form, 'details'));
        },
        onError: (error) => {
          const placed = placeOnFields(form, error, FIELD_ORDER, (name, message) => {
            if (name === 'details' || name === 'audienceType' || name === 'canStudentView') return { field: name, message: sentence(message) };
            const category = /^categories(?:\[(\d+)\])?/.exec(name);
            if (category) {
              const chosen = category[1] === undefined ? undefined : sent.categories[Number(category[1])];
              return { field: 'categories', message: sentence(chosen ? `${chosen.name}: ${message}` : message) };
            }
            return undefined;
          });
          setUnplaced(placed.unplaced);
          if (!placed.placed) focusWhenShown(() => failureRef.current);
        },
      },
    );
  };

  const submit = () => {
    if (poster.isPending) return;
    void form.handleSubmit(post, (errors) => {
      const first = FIELD_ORDER.find((field) => errors[field] !== undefined);
      if (first) form.setFocus(first);
    })();
  };

  const discard = () => {
    draft.clear();
    poster.reset();
    setUnplaced([]);
    focusWhenShown(() => fieldOf(form, 'details'));
  };

  const collapse = () => {
    draft.flush();
    onCollapse?.();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  // The chosen categories stay listed even when no longer active (disabled), so that they show and can be removed.
  const options: ChosenCategory[] = [...(active ?? []).map(({ id, name }) => ({ id, name })), ...values.categories.filter((c) => !activeIds.has(c.id))];
  const categoriesError = errorOf('categories');
  const categoriesHelp =
    categoriesError ??
    (categories.isError
      ? `The categories could not be loaded (${describeError(categories.error)}). You can post without them.`
      : 'Optional. Only active categories can be chosen.');

  const Noun = config.noun.charAt(0).toUpperCase() + config.noun.slice(1);
  const audienceError = errorOf('audienceType');
  const visibleError = errorOf('canStudentView');

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={`New ${config.noun}`}>
      <Stack spacing={2}>
        {draft.restored && draft.dirty && (
          <FormHint>
            {sessionEndedOn(currentPath())
              ? 'Your session had ended, so this was not posted. You are signed in again and your text is restored: post it again.'
              : 'Your unsaved draft was restored.'}
          </FormHint>
        )}

        <DetailsField
          control={form.control}
          label="Details"
          error={errorOf('details')}
          hint={`What happened, in plain text. Ctrl+Enter posts the ${config.noun}.`}
          onSubmit={submit}
          minRows={4}
          readOnly={poster.isPending}
        />

        <Controller
          control={form.control}
          name="audienceType"
          render={({ field }) => (
            <FormControl component="fieldset" error={audienceError !== undefined}>
              <FormLabel component="legend" id={ids.audience}>
                Audience
              </FormLabel>
              <RadioGroup
                aria-labelledby={ids.audience}
                aria-describedby={ids.audienceHelp}
                name={`${config.kind}-audience-${student}`}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              >
                {config.audiences.map((audience, index) => (
                  <FormControlLabel
                    key={audience}
                    value={audience}
                    control={<Radio slotProps={{ input: index === 0 ? { ref: field.ref } : {} }} />}
                    label={
                      <span>
                        {AUDIENCE_LABELS[audience] ?? audience}
                        <Typography component="span" variant="body2" color="textSecondary" data-testid={`audience-${audience}`}>
                          {' — '}
                          {audienceWords[audience] ?? ''}
                        </Typography>
                      </span>
                    }
                  />
                ))}
              </RadioGroup>
              <FormHelperText id={ids.audienceHelp}>{audienceError ?? `Who can see the ${config.noun}.`}</FormHelperText>
            </FormControl>
          )}
        />

        <Controller
          control={form.control}
          name="canStudentView"
          render={({ field }) => (
            <FormControl error={visibleError !== undefined}>
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref, 'aria-describedby': ids.visibleHelp } }}
                  />
                }
                label="Visible to the student"
              />
              <FormHelperText id={ids.visibleHelp}>{visibleError ?? `The student can read the ${config.noun} too.`}</FormHelperText>
            </FormControl>
          )}
        />

        <Controller
          control={form.control}
          name="categories"
          render={({ field }) => (
            <Autocomplete
              multiple
              options={options}
              value={field.value}
              onChange={(_event, chosen) => field.onChange(chosen.map(({ id, name }) => ({ id, name })))}
              onBlur={field.onBlur}
              getOptionLabel={(option) => option.name}
              getOptionKey={(option) => option.id}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              getOptionDisabled={(option) => !activeIds.has(option.id)}
              filterSelectedOptions
              loading={categories.isPending}
              loadingText="Loading categories…"
              noOptionsText="No more active categories"
              renderInput={(params) => (
                <TextField {...params} label="Categories" inputRef={field.ref} error={categoriesError !== undefined} helperText={categoriesHelp} />
              )}
            />
          )}
        />

        <SaveFailure ref={failureRef} title={`The ${config.noun} was not posted. Your text is kept.`} write={poster} unplaced={unplaced} onRetry={submit} />
        {!author.isPending && !author.identifier && (
          <FormHint>Sign in to post: every {config.noun} is written in the name of the signed-in staff member.</FormHint>
        )}

        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Button type="submit" variant="contained" disabled={poster.isPending || !author.identifier}>
            {poster.isPending ? 'Posting…' : `Post ${config.noun}`}
          </Button>
          {onCollapse && (
            <Button type="button" onClick={collapse} disabled={poster.isPending}>
              Collapse
            </Button>
          )}
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
