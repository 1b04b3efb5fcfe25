import { memo, useEffect, useMemo, useState } from 'react';
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
import { Link as RouterLink } from 'react-router';
import { formatScore, onScale } from '../../lib/percentiles.ts';
import type { CohortFactor, CohortRespondent, PersonName } from '../../queries/cohort.ts';
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
}

/**
 * The cells are plain elements with these classes, styled once on the grid's box (`rosterBoxStyles`): a
 * styled component per cell (MUI Link, Stack, Typography) had its styles serialised again for
 * every cell of every page the grid showed, the bulk of a pick's cost.
 */
const LINK_CLASS = 'roster-link';
const CONCERN_CLASS = 'roster-concern';
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
    [`& .${CONCERN_CLASS}`]: { display: 'flex', alignItems: 'center', gap: theme.spacing(0.5), height: '100%', color: palette.warning.main, ...theme.typography.body2 },
    [`& .${MISSING_CLASS}`]: { color: palette.text.secondary, ...theme.typography.body2 },
  };
};

/** The grid's number format (`toLocaleString()`) with one formatter, not one made per cell. */
const numberFormat = new Intl.NumberFormat();
const formatNumber = (value: unknown): string => (typeof value === 'number' && !Number.isNaN(value) ? numberFormat.format(value) : value ? String(value) : '');

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/**
 * The roster: respondents × factors in MUI X Data Grid (community), in a chunk of its own. Sorting
 * and filtering ("Resiliency < 25") are the grid's; the filter lives in the page's URL. CSV export
 * exports the view (filtered and sorted, every page). Checked rows (or, with none checked, every
 * row of the view) are handed to other pages as identifiers in the URL.
 */
export const CohortRoster = memo(function CohortRoster(props: CohortRosterProps) {
  const { respondents, factors, names, administrationId } = props;
  const apiRef = useGridApiRef();
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [viewIds, setViewIds] = useState<readonly GridRowId[]>([]);

  const rows = useMemo<RosterRow[]>(
    () =>
      respondents.map((r) => {
        const name = names[r.person];
        return { id: r.person, name: name ? `${name.firstName} ${name.lastName}` : '', flagged: r.flagged, scores: r.scores };
      }),
    [respondents, names],
  );

  const columns = useMemo<GridColDef<RosterRow>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Student',
        minWidth: 200,
        flex: 1,
        valueGetter: (_value, row) => row.name || row.id,
        renderCell: ({ row }) => (
          <RouterLink className={LINK_CLASS} to={`/students/${encodeURIComponent(row.id)}`}>
            {row.name || row.id}
          </RouterLink>
        ),
      },
      { field: 'id', headerName: 'Identifier', width: 110 },
      {
        field: 'flagged',
        headerName: 'Validity',
        type: 'boolean',
        width: 130,
        valueFormatter: (value: boolean) => (value ? 'validity concern' : ''),
        renderCell: ({ row }) =>
          row.flagged ? (
            <span className={CONCERN_CLASS}>
              <WarningAmberOutlined fontSize="small" aria-hidden />
              concern
            </span>
          ) : null,
      },
      ...factors.map(
        (factor): GridColDef<RosterRow> => ({
          field: `factor:${factor.name}`,
          headerName: factor.name,
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
        }),
      ),
      {
        field: 'profile',
        headerName: 'Profile',
        sortable: false,
        filterable: false,
        disableExport: true,
        width: 90,
        renderCell: ({ row }) => (
          <RouterLink className={LINK_CLASS} to={`/scores/${administrationId}/${encodeURIComponent(row.id)}`} aria-label={`Score profile of ${row.name || row.id}`}>
            Profile
          </RouterLink>
        ),
      },
    ],
    [factors, administrationId],
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
    const off = [api.subscribeEvent('paginationModelChange', report), api.subscribeEvent('sortedRowsSet', report), api.subscribeEvent('filteredRowsSet', report)];
    return () => off.forEach((unsubscribe) => unsubscribe());
  }, [apiRef, onVisibleChange]);

  const chosen = useMemo(() => {
    if (selection.type === 'include') return [...selection.ids].map(String);
    return viewIds.filter((id) => !selection.ids.has(id)).map(String);
  }, [selection, viewIds]);
  const handed = chosen.length > 0 ? chosen : viewIds.map(String);
  const links = rosterHandoffLinks(handed);

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} data-testid="roster-handoff-count">
          {chosen.length > 0 ? `${chosen.length} selected` : `${viewIds.length} in view`}
        </Typography>
        <Button size="small" variant="outlined" component={RouterLink} to={links.trigger} disabled={handed.length === 0}>
          Apply a trigger to {chosen.length > 0 ? 'selected' : 'these'}
        </Button>
        <Button size="small" variant="outlined" component={RouterLink} to={links.networks} disabled={handed.length === 0}>
          Edit success networks
        </Button>
      </Stack>
      <Box sx={rosterBoxStyles}>
        <DataGrid
          apiRef={apiRef}
          label="Respondents"
          rows={rows}
          columns={columns}
          density="compact"
          checkboxSelection
          disableRowSelectionOnClick
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          filterModel={props.filterModel}
          onFilterModelChange={props.onFilterModelChange}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          pageSizeOptions={[25, 50, 100]}
          showToolbar
          slotProps={{ toolbar: { csvOptions: { fileName: props.fileName, allColumns: false }, printOptions: { disableToolbarButton: true } } }}
        />
      </Box>
    </Box>
  );
});
