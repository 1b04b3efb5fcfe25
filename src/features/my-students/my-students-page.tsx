import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { orderSentence, sourceSentence } from '../../api/my-students-facts.ts';
import type { MyStudents } from '../../api/my-students.ts';
import { PAGES, paths } from '../../app/route-table.ts';
import { MostOpenAlerts } from '../../components/most-open-alerts.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useDocumentOffset } from '../../components/use-document-offset.ts';
import { measuredOr, windowListSx, WindowRow } from '../../components/window-list.tsx';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { myStudentsQueries } from '../../queries/my-students.ts';
import { sessionQueries } from '../../queries/session.ts';
import { MyStudentRow } from './my-student-row.tsx';
import { SHOWS, SHOW_LABELS, SORTS, SORT_LABELS, readChoice, shownStudents, sortStudents, type Show, type Sort } from './my-students-sort.ts';

const SORT_PARAM = 'sort';
const SHOW_PARAM = 'show';
const ESTIMATED_ROW_HEIGHT = 120;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Up to 700 students (and more): a window-scrolled virtual list, each card measured as it renders. */
function StudentList({ answer, sort, show }: { answer: MyStudents; sort: Sort; show: Show }) {
  const rows = useMemo(() => sortStudents(shownStudents(answer.students, show), sort), [answer.students, sort, show]);
  const [nowMs] = useState(() => Date.now());
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useDocumentOffset(listRef);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => rows[index]?.student ?? index,
    measureElement: measuredOr(ESTIMATED_ROW_HEIGHT),
  });
  return (
    <Box component="ul" ref={listRef} aria-label="My students" sx={windowListSx(virtualizer.getTotalSize())}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <WindowRow key={item.key} row={item} count={rows.length} scrollMargin={virtualizer.options.scrollMargin} measure={virtualizer.measureElement}>
            <MyStudentRow row={row} nowMs={nowMs} contactSince={answer.contactSince} />
          </WindowRow>
        );
      })}
    </Box>
  );
}

/** One of the list's selects, kept in the URL under `param`: its default, the first option, is left out of the URL. */
function ParamSelect<T extends string>({
  param,
  label,
  value,
  options,
  labels,
  minWidth,
}: {
  param: string;
  label: string;
  value: T;
  options: readonly [T, ...T[]];
  labels: Readonly<Record<T, string>>;
  minWidth: number;
}) {
  const [, setParams] = useSearchParams();
  const choose = (chosen: T) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (chosen === options[0]) next.delete(param);
        else next.set(param, chosen);
        return next;
      },
      { replace: true },
    );
  return <SelectField label={label} value={value} options={options} labels={labels} onChange={choose} minWidth={minWidth} />;
}

/** `/`: the signed-in person's students, those who need attention first, with the reasons in words (#32). */
export function MyStudentsPage() {
  const list = useQuery(myStudentsQueries.list());
  const session = useQuery(sessionQueries.current()).data;
  const [params] = useSearchParams();
  const sort = readChoice(SORTS, params.get(SORT_PARAM));
  const show = readChoice(SHOWS, params.get(SHOW_PARAM));
  const records = Boolean(session?.requiredGroups.records && session.groups.includes(session.requiredGroups.records));
  const answer = list.data;
  const needing = answer ? answer.students.filter((s) => s.reasons.length > 0).length : 0;

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <PageHeading route={PAGES.home} />
      {list.isPending && (
        <Box aria-busy>
          <Typography color="textSecondary" sx={{ mb: 1 }}>
            Gathering your students, their alerts, contacts and scores…
          </Typography>
          <LinearProgress aria-label="Loading your students" />
        </Box>
      )}
      {list.isError && <ProblemMessage error={list.error} onRetry={() => void list.refetch()} />}
      {answer && (
        <>
          <Typography data-testid="my-students-source">{sourceSentence(answer)}</Typography>
          <Typography variant="body2" color="textSecondary" data-testid="my-students-order">
            {orderSentence(needing)}
          </Typography>
          {answer.scores === 'unavailable' && <Alert severity="warning">Factor scores could not be read just now, so no score is counted as a reason.</Alert>}
          {answer.hiddenWatched > 0 && (
            <Alert severity="info">{`${plural(answer.hiddenWatched, 'student you follow is', 'students you follow are')} no longer open to you, so not shown.`}</Alert>
          )}
          {answer.students.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography sx={{ mb: 1 }}>
                {answer.source === 'caseload'
                  ? 'You are in no student’s success network yet, and you follow no student.'
                  : 'The dashboard has not yet seen you in any student’s success network, and you follow no student.'}
              </Typography>
              <Link component={RouterLink} to={paths.students()}>
                Find a student to open or follow
              </Link>
            </Paper>
          ) : (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <ParamSelect label="Show" param={SHOW_PARAM} value={show} options={SHOWS} labels={SHOW_LABELS} minWidth={240} />
                <ParamSelect label="Sort by" param={SORT_PARAM} value={sort} options={SORTS} labels={SORT_LABELS} minWidth={260} />
              </Stack>
              {shownStudents(answer.students, show).length === 0 && (
                <Typography color="textSecondary">
                  {show === 'watching' ? 'You follow no student yet: use Follow on a student’s page.' : 'No student has a reason for attention now.'}
                </Typography>
              )}
              <StudentList answer={answer} sort={sort} show={show} />
            </>
          )}
        </>
      )}
      {records && <MostOpenAlerts />}
    </Stack>
  );
}
