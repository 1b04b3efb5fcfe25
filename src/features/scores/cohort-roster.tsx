import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import {
  DataGrid,
  gridFilteredSortedRowIdsSelector,
  gridPaginatedVisibleSortedGridRowIdsSelector,
  useGridApiRef,
  type GridColDef,
  type GridFilterModel,
  type GridRowId,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import { Link as RouterLink, useHref, useNavigate } from 'react-router';
import { PAGES, paths } from '../../app/route-table.ts';
import { FollowStudentsButton } from '../../components/follow-button.tsx';
import { describeError } from '../../components/problem-message.tsx';
import { toastBus } from '../../components/toast-bus.ts';
import { downloadCsv } from '../../lib/csv.ts';
import { formatScore, onScale } from '../../lib/percentiles.ts';
import type { CohortFactor, CohortRespondent, PersonName } from '../../queries/cohort.ts';
import { giveLoggedExport } from '../../queries/exports.ts';
import { RowCheckbox, ROW_CHECKBOX_CLASS } from './roster-checkbox.tsx';
import { rosterHandoffLinks } from './roster-handoff.ts';

export interface RosterRow {
  id: string;
  name: string;
  flagged: boolean;
  /** Scores by factor name; a flagged score is shown marked. */
  scores: CohortRespondent['scores'];
}

export interface CohortRosterProps {
  administrationId: number;
  respondents: readonly CohortRespondent[];
  factors: readonly CohortFactor[];
  names: Readonly<Record<string, PersonName>>;
  filterModel: GridFilterModel;
  onFilterModelChange: (model: GridFilterModel) => void;
  /** The identifiers on the grid's current page (names are asked for these only when needed). */
  onVisibleChange: (identifiers: readonly string[]) => void;
  /** Name of the CSV file (without extension). */
  fileName: string;
  /** The factor a band or bar was picked on: its column is marked (colour and words), and sits first among the scores. */
  pickedFactor?: string | undefined;
}

/**
 * The cells are plain elements with these classes, styled once on the grid's box (`rosterBoxStyles`): a
 * styled component per cell (MUI Link, Stack, Typography) had its styles serialised again for
 * every cell of every page the grid showed, the bulk of a pick's cost.
 */
const LINK_CLASS = 'roster-link';
/**
 * A cell's link is a plain anchor with its route in `data-to`, and the grid's one click handler
 * navigates in the app (`onLinkClick`): a router `Link` per cell subscribed every cell to the
 * location, and cost more than the rest of a row on each pick.
 */
const ROUTE_LINK = 'a[data-to]';
const CONCERN_CLASS = 'roster-concern';
const PICKED_CLASS = 'roster-picked';
const PICKED_HEADER_CLASS = 'roster-picked-header';
const PICKED_TAG_CLASS = 'roster-picked-tag';
const MISSING_CLASS = 'roster-missing';

// On the grid's box, not the grid: the grid's root style is large and serialised on every render.
// Colours as the scheme's CSS variables (`theme.vars`): `theme.palette` holds the light scheme's.
const rosterBoxStyles = (theme: Theme) => {
  const palette = (theme.vars ?? theme).palette;
  return {
    height: 560,
    width: '100%',
    [`& .${LINK_CLASS}`]: {
      color: palette.primary.main,
      textDecorationColor: 'color-mix(in srgb, currentColor 40%, transparent)',
      textUnderlineOffset: '2px',
      '&:hover': { textDecorationColor: 'inherit' },
    },
    [`& .${PICKED_CLASS}`]: { backgroundColor: `color-mix(in srgb, ${palette.primary.main} 12%, transparent)` },
    [`& .MuiDataGrid-columnHeader.${PICKED_CLASS}`]: { boxShadow: `inset 0 -3px 0 ${palette.primary.main}` },
    [`& .${PICKED_HEADER_CLASS}`]: { fontWeight: 600 },
    [`& .${PICKED_TAG_CLASS}`]: { color: palette.primary.main, fontWeight: 500 },
    [`& .${CONCERN_CLASS}`]: {
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(0.5),
      height: '100%',
      color: palette.warning.main,
      ...theme.typography.body2,
    },
    [`& .${MISSING_CLASS}`]: { color: palette.text.secondary, ...theme.typography.body2 },
    // The size and colour of the header's (MUI) checkbox, in the scheme's colours.
    [`& .${ROW_CHECKBOX_CLASS}`]: {
      width: 18,
      height: 18,
      margin: 0,
      cursor: 'pointer',
      accentColor: palette.primary.main,
      '&:disabled': { cursor: 'default' },
    },
  };
};

/** The grid's number format (`toLocaleString()`) with one formatter, not one made per cell. */
const numberFormat = new Intl.NumberFormat();
const formatNumber = (value: unknown): string => (typeof value === 'number' && !Number.isNaN(value) ? numberFormat.format(value) : value ? String(value) : '');

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };
/**
 * The grid's props that never change, made once: a new object or array on every render is a new
 * prop, and any new prop re-renders every part of the grid that reads its props (toolbar, panels,
 * header, footer), not only the rows.
 */
const INITIAL_STATE = { pagination: { paginationModel: { pageSize: 25 } } };
const PAGE_SIZES = [25, 50, 100];
const SLOTS = { rowCheckbox: RowCheckbox };
/** The grid's own export gives its file at once; ours (Export CSV) waits for the gateway's log. */
const SLOT_PROPS = { toolbar: { csvOptions: { disableToolbarButton: true }, printOptions: { disableToolbarButton: true } } };

/**
 * The roster: respondents × factors in MUI X Data Grid (community), in a chunk of its own. Sorting
 * and filtering ("Resiliency < 25") are the grid's; the filter lives in the page's URL. "Export CSV"
 * exports the view (filtered and sorted, every page), once the gateway has logged the export (#30):
 * the grid's own export, which cannot wait for that, is off. Checked rows (or, with none checked, every
 * row of the view) are handed to other pages as identifiers in the URL.
 */
export const CohortRoster = memo(function CohortRoster(props: CohortRosterProps) {
  const { respondents, names, administrationId, pickedFactor } = props;
  // The picked factor's column first among the scores: in view without scrolling sideways.
  const factors = useMemo(
    () => (pickedFactor ? [...props.factors].sort((a, b) => Number(b.name === pickedFactor) - Number(a.name === pickedFactor)) : props.factors),
    [props.factors, pickedFactor],
  );
  const apiRef = useGridApiRef();
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [viewIds, setViewIds] = useState<readonly GridRowId[]>([]);

  // One row object per respondent while the names stay the same: a pick picks existing rows
  // rather than making thousands of new ones for the collector.
  const rowOf = useMemo(() => {
    const made = new WeakMap<CohortRespondent, RosterRow>();
    return (r: CohortRespondent): RosterRow => {
      let row = made.get(r);
      if (!row) {
        const name = names[r.person];
        row = { id: r.person, name: name ? `${name.firstName} ${name.lastName}` : '', flagged: r.flagged, scores: r.scores };
        made.set(r, row);
      }
      return row;
    };
  }, [names]);
  const rows = useMemo<RosterRow[]>(() => respondents.map(rowOf), [respondents, rowOf]);

  // The rows reach the grid through its API, not its `rows` prop: a new prop re-renders the whole
  // grid with its old rows (toolbar, panels, footer and every visible row), and only then does the
  // grid's own effect read the new rows and render again. `setRows` is one update, in the same
  // commit as the pick (a layout effect), so the new rows are painted in the click's frame.
  const [firstRows] = useState(rows);
  const shownRows = useRef(rows);
  useLayoutEffect(() => {
    if (shownRows.current === rows) return;
    shownRows.current = rows;
    apiRef.current?.setRows(rows);
  }, [apiRef, rows]);

  // `href` as the router writes it (with the app's base), `data-to` as it navigates.
  const base = useHref('/').replace(/\/$/, '');
  const navigate = useNavigate();
  const onLinkClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      // As a router link does: a plain left click navigates in the app; a modified one (new tab,
      // new window) is the browser's.
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest(ROUTE_LINK) : null;
      const to = link?.getAttribute('data-to');
      if (!to) return;
      event.preventDefault();
      void navigate(to);
    },
    [navigate],
  );

  const columns = useMemo<GridColDef<RosterRow>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Student',
        minWidth: 200,
        flex: 1,
        valueGetter: (_value, row) => row.name || row.id,
        renderCell: ({ row }) => {
          const to = paths.student(row.id);
          return (
            <a className={LINK_CLASS} href={base + to} data-to={to}>
              {row.name || row.id}
            </a>
          );
        },
      },
      { field: 'id', headerName: 'Identifier', width: 110 },
      {
        field: 'flagged',
        headerName: 'Validity',
        type: 'boolean',
        width: 130,
        valueFormatter: (value: boolean) => (value ? 'validity concern' : 'no concern'),
        // Every row says something: an empty cell reads as "not known" (#31 item 15).
        renderCell: ({ row }) =>
          row.flagged ? (
            <span className={CONCERN_CLASS}>
              <WarningAmberOutlined fontSize="small" aria-hidden />
              concern
            </span>
          ) : (
            <span className={MISSING_CLASS}>no concern</span>
          ),
      },
      ...factors.map((factor): GridColDef<RosterRow> => ({
        field: `factor:${factor.name}`,
        headerName: factor.name,
        ...(factor.name === pickedFactor
          ? {
              headerClassName: PICKED_CLASS,
              cellClassName: PICKED_CLASS,
              description: `${factor.name}: the factor the respondents were picked on`,
              // The words say it as well as the colour: "Resiliency (picked)", read out with the header.
              renderHeader: () => (
                <span className={PICKED_HEADER_CLASS}>
                  {factor.name} <span className={PICKED_TAG_CLASS}>(picked)</span>
                </span>
              ),
            }
          : {}),
        type: 'number',
        width: Math.max(110, factor.name.length * 9),
        valueGetter: (_value, row) => row.scores[factor.name]?.score ?? null,
        valueFormatter: formatNumber,
        renderCell: ({ row }) => {
          const entry = row.scores[factor.name];
          if (!entry) return <span className={MISSING_CLASS}>—</span>;
          return (
            <span title={entry.validityConcern ? 'validity concern — interpret with caution' : undefined}>
              {formatScore(entry.score)}
              {!onScale(entry.score) && ' (off scale)'}
              {entry.validityConcern && ' ⚠'}
            </span>
          );
        },
      })),
      {
        field: 'profile',
        headerName: 'Profile',
        sortable: false,
        filterable: false,
        disableExport: true,
        width: 90,
        renderCell: ({ row }) => {
          const to = PAGES.profile.href({ administrationId, person: row.id });
          return (
            <a className={LINK_CLASS} href={base + to} data-to={to} aria-label={`Score profile of ${row.name || row.id}`}>
              Profile
            </a>
          );
        },
      },
    ],
    [factors, administrationId, base, pickedFactor],
  );

  // What the grid shows: the page's rows (for names) and the whole view (for the hand-off).
  const { onVisibleChange } = props;
  useEffect(() => {
    const api = apiRef.current;
    if (!api) return;
    const report = () => {
      onVisibleChange(gridPaginatedVisibleSortedGridRowIdsSelector(apiRef).map(String));
      setViewIds(gridFilteredSortedRowIdsSelector(apiRef));
    };
    report();
    const off = [
      api.subscribeEvent('paginationModelChange', report),
      api.subscribeEvent('sortedRowsSet', report),
      api.subscribeEvent('filteredRowsSet', report),
    ];
    return () => off.forEach((unsubscribe) => unsubscribe());
  }, [apiRef, onVisibleChange]);

  const chosen = useMemo(() => {
    if (selection.type === 'include') return [...selection.ids].map(String);
    return viewIds.filter((id) => !selection.ids.has(id)).map(String);
  }, [selection, viewIds]);
  const handed = chosen.length > 0 ? chosen : viewIds.map(String);
  const links = rosterHandoffLinks(handed);
  const { fileName } = props;
  const exportCsv = useCallback(() => {
    const api = apiRef.current;
    if (!api) return;
    const ids = gridFilteredSortedRowIdsSelector(apiRef).map(String);
    const csv = api.getDataAsCsv({ allColumns: false });
    // The export leaves its trace at the gateway first: no entry, no file.
    giveLoggedExport('scores.roster.csv', ids.length, ids, () => downloadCsv(`${fileName}.csv`, csv)).catch((error: unknown) =>
      toastBus.show(`No file was made: ${describeError(error)}`, 'error'),
    );
  }, [apiRef, fileName]);

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="textSecondary" sx={{ flexGrow: 1 }} data-testid="roster-handoff-count">
          {chosen.length > 0 ? `${chosen.length} selected` : `${viewIds.length} in view`}
        </Typography>
        <Button size="small" variant="outlined" component={RouterLink} to={links.trigger} disabled={handed.length === 0}>
          Apply a trigger to {chosen.length > 0 ? 'selected' : 'these'}
        </Button>
        <Button size="small" variant="outlined" component={RouterLink} to={links.networks} disabled={handed.length === 0}>
          Edit success networks
        </Button>
        {/* Only a selection: following a whole roster by one click would flood the home. */}
        <FollowStudentsButton identifiers={chosen} label={`Follow selected (${chosen.length})`} />
        <Button size="small" variant="outlined" onClick={exportCsv} disabled={viewIds.length === 0}>
          Export CSV
        </Button>
      </Stack>
      <Box sx={rosterBoxStyles} onClick={onLinkClick}>
        <DataGrid
          apiRef={apiRef}
          label="Respondents"
          rows={firstRows}
          columns={columns}
          density="compact"
          checkboxSelection
          disableRowSelectionOnClick
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          filterModel={props.filterModel}
          onFilterModelChange={props.onFilterModelChange}
          initialState={INITIAL_STATE}
          pageSizeOptions={PAGE_SIZES}
          showToolbar
          slots={SLOTS}
          slotProps={SLOT_PROPS}
        />
      </Box>
    </Box>
  );
});
