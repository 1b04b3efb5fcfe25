import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useSearchParams } from 'react-router';
import { isNotFound } from '../../api/errors.ts';
import type { CategoryRecord } from '../../api/schemas/index.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { PAGES } from '../../app/route-table.ts';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { ReadOnlyNotice } from '../../components/read-only-notice.tsx';
import { formatDay, shiftDay } from '../../lib/dates.ts';
import { useApi } from '../../queries/api-context.tsx';
import { categoryQueries } from '../../queries/categories.ts';
import { usePermission } from '../../queries/permissions.ts';
import { useDeferredQuery } from '../../queries/use-deferred-query.ts';
import { BulkResults } from './bulk-results.tsx';
import { CapacityCard } from './capacity-card.tsx';
import { CategoriesFallback } from './categories-fallback.tsx';
import { CategoryListBar } from './category-list-bar.tsx';
import { applyListView, readListView, writeListView, type CategoryListView } from './category-list-view.ts';
import { activeCount } from '../../queries/category-rules.ts';
import { CategoryTable } from './category-table.tsx';
import type { CategoryUsage } from './category-usage.ts';
import { SwapDialog } from './swap-dialog.tsx';
import { UsagePanel } from './usage-panel.tsx';
import { useCategoryActions } from './use-category-actions.ts';
import { OutcomePanel } from '../../components/outcome-panel.tsx';

const JOURNAL_OF_CATEGORIES = PAGES.journal.href({}, { operation: 'category.edit' });

/**
 * `/admin/categories`: every category, the capacity rule in view, rename, swap, usage and bulk
 * edits (issue 12, items 1–6). This module composes; the parts are the actions and their notices
 * (use-category-actions), the capacity card, the usage panel, the list's bar, table and rows, the
 * bulk results and the swap dialog.
 */
export function CategoriesAdminPage() {
  const api = useApi();
  const permission = usePermission('editCategories');
  const canEdit = permission.allowed;
  const list = useDeferredQuery(categoryQueries.allPages(api));
  const [params, setParams] = useSearchParams();
  const view = readListView(params);
  const today = useMemo(() => formatDay(new Date()), []);
  const from = params.get('from') ?? shiftDay(today, -89);
  const to = params.get('to') ?? today;
  // Opened from the outcomes page (#33): that category's figures, for the same window.
  const outcome = Number(params.get('outcome'));
  const [usage, setUsage] = useState<CategoryUsage | null>(null);
  // On a phone the actions go under the name: a fifth column does not fit.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const categories: CategoryRecord[] = list.data?.values ?? [];
  const actions = useCategoryActions(categories);
  const { notice, bulk, swap } = actions;
  const shown = applyListView(categories, view, usage?.byCategory);
  const onView = (next: CategoryListView) => setParams(writeListView(params, next), { replace: true });

  return (
    <Stack spacing={2}>
      <PageHeading route={PAGES.categories} journal={JOURNAL_OF_CATEGORIES} />
      <ReadOnlyNotice permission={permission} />
      {Number.isInteger(outcome) && outcome > 0 && <OutcomePanel kind="category" id={outcome} window={{ from, to }} />}
      {list.isError && isNotFound(list.error) && <CategoriesFallback canEdit={canEdit} seen={usage?.seen ?? new Map()} />}
      {list.isError && !isNotFound(list.error) && <ProblemMessage error={list.error} onRetry={() => void list.refetch()} />}
      {/* Side by side on a desk: the category list starts on the first screen. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'stretch' }}>
        {/* Where the capacity card will be: nothing below moves when it arrives. */}
        {list.isPending && <LinearProgress aria-label="Loading categories" />}
        {list.isSuccess && <CapacityCard active={activeCount(categories)} canEdit={canEdit} onSwap={() => actions.openSwap(null)} />}
        <UsagePanel
          from={from}
          to={to}
          onWindowChange={(f, t) => {
            const next = new URLSearchParams(params);
            next.set('from', f);
            next.set('to', t);
            setParams(next, { replace: true });
          }}
          onResult={setUsage}
        />
      </Box>
      {notice && (
        <Alert
          severity={notice.severity}
          role={notice.severity === 'error' || notice.severity === 'warning' ? 'alert' : 'status'}
          onClose={actions.clearNotice}
          data-testid="category-notice"
        >
          {notice.text}
        </Alert>
      )}
      {bulk && <BulkResults run={bulk} names={new Map(categories.map((c) => [c.id, c.name]))} onRetry={actions.retryBulk} onClose={actions.closeBulk} />}
      {list.isSuccess && (
        <Paper variant="outlined" component="section" aria-labelledby="list-heading">
          <CategoryListBar
            view={view}
            onView={onView}
            shown={shown.length}
            categories={categories}
            counted={usage !== null}
            canEdit={canEdit}
            actions={actions}
          />
          <CategoryTable categories={categories} shown={shown} view={view} onView={onView} usage={usage} canEdit={canEdit} phone={phone} actions={actions} />
        </Paper>
      )}
      {swap && (
        <SwapDialog
          key={swap.key}
          open
          categories={categories}
          initialIn={swap.into}
          running={actions.swapRunning}
          onSwap={(out, into) => void actions.runSwap(out, into)}
          onClose={actions.closeSwap}
        />
      )}
    </Stack>
  );
}
