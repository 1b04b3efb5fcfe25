import type { ReactNode } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PAGES } from '../../app/route-table.ts';
import { isNotFound } from '../../api/errors.ts';
import type { Trigger } from '../../api/schemas/index.ts';
import { NotFoundState } from '../../components/not-found-state.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { ReadOnlyNotice } from '../../components/read-only-notice.tsx';
import type { Permission } from '../../queries/permissions.ts';
import { isTriggerId } from './trigger-words.ts';

/**
 * The frame of a page about one trigger (its page, its apply page): the way back, the heading,
 * why it is read-only; an id that names no trigger gets a not-found state instead of the page.
 */
export function TriggerFrame({
  id,
  trigger,
  back,
  title,
  permission,
  children,
}: {
  id: string;
  trigger: UseQueryResult<Trigger>;
  back: { to: string; label: string };
  title: (trigger: Trigger | undefined) => string;
  permission: Permission;
  children: (trigger: Trigger) => ReactNode;
}) {
  if (!isTriggerId(id) || (trigger.isError && isNotFound(trigger.error))) {
    return (
      <NotFoundState title="Trigger not found" back={{ to: PAGES.triggers.href({}), label: 'Back to triggers' }}>
        {isTriggerId(id) ? `There is no trigger with id ${id}.` : `“${id}” is not a trigger id: ids are whole numbers.`} The link may be mistyped, or the
        trigger may have been removed.
      </NotFoundState>
    );
  }
  return (
    <Stack spacing={2}>
      <Link component={RouterLink} to={back.to} variant="body2">
        ← {back.label}
      </Link>
      <Typography variant="h4" component="h1">
        {title(trigger.data)}
      </Typography>
      <ReadOnlyNotice permission={permission} />
      {trigger.isPending && <LinearProgress aria-label="Loading the trigger" />}
      {trigger.isError && <ProblemMessage error={trigger.error} onRetry={() => void trigger.refetch()} />}
      {trigger.data && children(trigger.data)}
    </Stack>
  );
}
