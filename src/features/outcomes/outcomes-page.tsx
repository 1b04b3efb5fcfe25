import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { CategoryRecord, Outcomes } from '../../api/schemas/index.ts';
import { PAGES } from '../../app/route-table.ts';
import { LazyDateRangeFields } from '../../components/lazy-date-range-fields.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { linkColumn } from '../../components/responsive-table.tsx';
import { downloadCsv } from '../../lib/csv.ts';
import { formatDay, shiftDay, type DayRange } from '../../lib/dates.ts';
import { useApi } from '../../queries/api-context.tsx';
import { categoryQueries } from '../../queries/categories.ts';
import { giveLoggedExport } from '../../queries/exports.ts';
import { outcomeQueries } from '../../queries/outcomes.ts';
import { usePermission } from '../../queries/permissions.ts';
import { CategoryToggle } from './category-toggle.tsx';
import { OutcomeSummary } from './outcome-summary.tsx';
import { OutcomeTable } from './outcome-table.tsx';
import { triageHref } from '../../components/outcome-words.ts';
import { outcomesCsv } from './outcomes-csv.ts';

const OutcomeTrends = lazy(() => import('./outcome-trends.tsx'));

/** Raisers listed before "Show all": the heaviest burden first, so the first ones are those to look at. */
const RAISERS_SHOWN = 20;

/** A category's or a trigger's figures: both named, and linked to by id. */
type NamedGroup = Outcomes['categories'][number];

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The window in the URL (`from`, `to`), else the last 90 days. */
function useWindow(): [DayRange, (range: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => formatDay(new Date()), []);
  const rawTo = params.get('to');
  const to = rawTo && DAY_PATTERN.test(rawTo) ? rawTo : today;
  const rawFrom = params.get('from');
  const from = rawFrom && DAY_PATTERN.test(rawFrom) ? rawFrom : shiftDay(to, -89);
  const set = (range: DayRange) => {
    const next = new URLSearchParams(params);
    next.set('from', range.from);
    next.set('to', range.to);
    setParams(next, { replace: true });
  };
  return [{ from, to }, set];
}

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id}>
      <Box sx={{ px: 2, pt: 2, pb: 1 }}>
        <Typography variant="h6" component="h2" id={id}>
          {title}
        </Typography>
        {intro && (
          <Typography variant="body2" color="textSecondary">
            {intro}
          </Typography>
        )}
      </Box>
      {children}
    </Paper>
  );
}

function Figures({ data, categories }: { data: Outcomes; categories: readonly CategoryRecord[] | undefined }) {
  const window = { from: data.from, to: data.to };
  const editCategories = usePermission('editCategories');
  const [exportError, setExportError] = useState<string | null>(null);
  const [allRaisers, setAllRaisers] = useState(false);
  const raisers = allRaisers ? data.raisers : data.raisers.slice(0, RAISERS_SHOWN);
  const exportCsv = () => {
    setExportError(null);
    giveLoggedExport('outcomes.csv', data.categories.length + data.triggers.length + data.raisers.length + data.weeks.length + 1, [], () =>
      downloadCsv(`outcomes-${data.from}-to-${data.to}.csv`, outcomesCsv(data)),
    ).catch(() => setExportError('The export could not be logged, so no file was made. Try again in a moment.'));
  };
  const flaggedWords = `Burden is alerts raised per alert answered (first comment) within ${data.responseDays} days; above ${data.burdenThreshold}, or none answered, is listed first.`;
  return (
    <>
      <OutcomeSummary data={data} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={exportCsv}>
          Export CSV
        </Button>
        <Link component={RouterLink} to={triageHref(window)} variant="body2">
          Open these {data.overall.alerts} alerts in triage
        </Link>
      </Stack>
      {exportError && (
        <Alert severity="error" role="alert">
          {exportError}
        </Alert>
      )}
      <Section id="trends-heading" title="Trend by week" intro="Alerts by the week they were raised (weeks start on Monday).">
        <Box sx={{ px: 2, pb: 2 }}>
          <Suspense fallback={<LinearProgress aria-label="Loading the charts" />}>
            <OutcomeTrends weeks={data.weeks} />
          </Suspense>
        </Box>
      </Section>
      <Section id="categories-heading" title="Categories" intro={`${flaggedWords} An alert with several categories counts in each.`}>
        <OutcomeTable
          rows={data.categories}
          label="Outcomes per category"
          testId="outcome-category"
          rowKey={(c) => c.id}
          name={linkColumn('Category', (c: NamedGroup) => ({
            to: PAGES.categories.href({}, { from: data.from, to: data.to, outcome: String(c.id) }),
            text: c.name,
          }))}
          triage={(c, status) => triageHref(window, { status, category: c.id })}
          actions={(c) => <CategoryToggle id={c.id} categories={categories} permission={editCategories} />}
          empty="No alert in this window has a category."
        />
      </Section>
      <Section
        id="triggers-heading"
        title="Triggers"
        intro={
          data.triggersAvailable
            ? `An alert counts under a trigger when its text starts with the trigger's name (docs/outcomes.md).${data.ambiguousTriggerAlerts ? ` ${data.ambiguousTriggerAlerts} alerts matched two triggers of the same name and count under neither.` : ''}`
            : undefined
        }
      >
        {data.triggersAvailable ? (
          <OutcomeTable
            rows={data.triggers}
            label="Outcomes per trigger"
            testId="outcome-trigger"
            rowKey={(t) => t.id}
            name={linkColumn('Trigger', (t: NamedGroup) => ({ to: PAGES.trigger.href({ id: t.id }), text: t.name }))}
            // Triage has no trigger filter: its text filter finds the alerts that carry the trigger's name.
            triage={(t, status) => triageHref(window, { status, q: t.name })}
            empty="No triggers are defined."
          />
        ) : (
          <Alert severity="info" sx={{ mx: 2, mb: 2 }}>
            Per-trigger figures are unavailable: the service does not list its triggers (no triggers extension), so alerts cannot be matched to them.
          </Alert>
        )}
      </Section>
      <Section id="raisers-heading" title="Raisers" intro="Who raised the alerts (a trigger's alerts count under the person who applied it).">
        <OutcomeTable
          rows={raisers}
          label="Outcomes per raiser"
          testId="outcome-raiser"
          rowKey={(r) => r.identifier}
          name={{ header: 'Raised by', cell: (r) => r.identifier }}
          triage={(r, status) => triageHref(window, { status, creator: r.identifier })}
          empty="No alerts in this window."
        />
        {data.raisers.length > RAISERS_SHOWN && (
          <Box sx={{ p: 1 }}>
            <Button onClick={() => setAllRaisers(!allRaisers)} aria-expanded={allRaisers}>
              {allRaisers ? `Show the first ${RAISERS_SHOWN} only` : `Show all ${data.raisers.length} raisers`}
            </Button>
          </Box>
        )}
      </Section>
    </>
  );
}

/**
 * `/admin/outcomes` (#33): which alerts of a window got answered, how fast, and which categories,
 * triggers and raisers add load without a response. The gateway computes every figure; this page
 * only shows them, links to the alerts behind each in triage, and lets an administrator act.
 */
export function OutcomesPage() {
  const api = useApi();
  const [range, setRange] = useWindow();
  const outcomes = useQuery({ ...outcomeQueries.window(range), placeholderData: (previous) => previous });
  const categories = useQuery(categoryQueries.allPages(api));
  return (
    <Stack spacing={2}>
      <PageHeading route={PAGES.outcomes} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }} role="group" aria-label="Window of alert creation">
        <LazyDateRangeFields range={range} onChange={setRange} />
      </Stack>
      {outcomes.isFetching && <LinearProgress aria-label="Computing the outcomes" />}
      {outcomes.isError && <ProblemMessage error={outcomes.error} onRetry={() => void outcomes.refetch()} />}
      {outcomes.data && outcomes.data.overall.alerts === 0 && (
        <Alert severity="info">
          No alerts were raised between {outcomes.data.from} and {outcomes.data.to}.
        </Alert>
      )}
      {outcomes.data && <Figures data={outcomes.data} categories={categories.data?.values} />}
    </Stack>
  );
}
