import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';

/**
 * What the administrators' logs (the change journal, the access log) share: filters typed into a
 * form and applied to the URL (so a filtered view is a link to share), and newest-first pages
 * walked with the `before` cursor the gateway names `older`.
 */
export function useLogFilters<F extends string>(fields: readonly F[]) {
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(fields.map((name) => [name, params.get(name) ?? undefined])) as Record<F, string | undefined>;
  const empty = Object.fromEntries(fields.map((name) => [name, ''])) as Record<F, string>;
  const [draft, setDraft] = useState<Record<F, string>>(() => ({ ...empty, ...Object.fromEntries(fields.map((name) => [name, params.get(name) ?? ''])) }));
  return {
    filter,
    filtered: fields.some((f) => filter[f]),
    before: params.get('before') ?? undefined,
    draft,
    setField: (name: F, value: string) => setDraft((d) => ({ ...d, [name]: value })),
    /** New filters start again from the newest entry. */
    apply: (event: FormEvent) => {
      event.preventDefault();
      setParams(
        Object.fromEntries(
          Object.entries<string>(draft)
            .filter(([, v]) => v.trim() !== '')
            .map(([k, v]) => [k, v.trim()]),
        ),
      );
    },
    clear: () => {
      setDraft(empty);
      setParams({});
    },
    pageTo: (cursor: string | undefined) => {
      const next = new URLSearchParams(params);
      if (cursor) next.set('before', cursor);
      else next.delete('before');
      setParams(next);
    },
  };
}

/** Newest / Older, under a log's table. */
export function LogPages({
  label,
  noun = 'changes',
  before,
  older,
  shown,
  onPage,
}: {
  label: string;
  noun?: string;
  before: string | undefined;
  older: string | undefined;
  shown: number;
  onPage: (cursor: string | undefined) => void;
}) {
  if (!before && !older) return null;
  return (
    <Stack direction="row" spacing={2} component="nav" aria-label={label} sx={{ alignItems: 'center' }}>
      <Button onClick={() => onPage(undefined)} disabled={!before}>
        Newest
      </Button>
      <Button variant="outlined" onClick={() => onPage(older)} disabled={!older}>
        Older
      </Button>
      <Typography variant="body2" color="textSecondary">
        {before ? `Showing older ${noun}.` : `Showing the newest ${shown}.`}
      </Typography>
    </Stack>
  );
}
