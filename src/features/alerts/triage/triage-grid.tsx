import { memo, useCallback, useEffect, useEffectEvent, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import DensityMediumOutlined from '@mui/icons-material/DensityMediumOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import {
  ColumnsPanelTrigger,
  DataGrid,
  gridDensitySelector,
  Toolbar,
  useGridApiContext,
  useGridApiRef,
  useGridSelector,
  type GridCellParams,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridDensity,
  type GridPaginationModel,
  type GridRowClassNameParams,
  type GridRowId,
  type GridRowParams,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import type { SortField, TriageSort } from './triage-filters.ts';
import { CELL_STYLES, ClampedText, days, PersonCell, StatusCell } from './triage-cells.tsx';
import { CreatorCell } from './trigger-attribution.tsx';
import { ClaimMark } from './triage-claims.tsx';
import { ageInDays, formatDateTime } from '../../../lib/dates.ts';
import { ALERT_COLUMNS, GROUP_COLUMNS, type ColumnSpec, type StudentGroup, type TriageRow } from './triage-rows.ts';

/**
 * The triage queue's grid (MUI X Data Grid, community): loaded lazily with this module, so neither
 * the grid's code nor its styles are in the first screen's JavaScript.
 *
 * The page owns the data: rows arrive filtered (the URL's filters) and sorted (the page sorts,
 * so that the CSV, the drawer's arrows and the grid share one order). The grid gets one page of
 * them at a time (`sortingMode` and `paginationMode` "server", the server being the page): a
 * filter change over ten thousand alerts then costs the grid a hundred rows, not ten thousand.
 * The grid adds what a person arranges for themselves: column visibility, density, paging,
 * keyboard navigation, row virtualization, checkbox selection ("select all" is the page's rows;
 * rows selected on other pages stay selected). The community grid pages at most 100 rows.
 */

export type TriageGridRows = { view: 'alert'; rows: readonly TriageRow[] } | { view: 'student'; rows: readonly StudentGroup[] };

export interface TriageGridHandle {
  /** Shows the row (its page, scrolled into view) and puts keyboard focus on it. */
  focusRow(id: GridRowId): void;
}

export interface TriageGridProps {
  data: TriageGridRows;
  /** "Now" for ages (ms since the epoch). */
  now: number;
  sort: TriageSort;
  onSortChange: (sort: TriageSort | null) => void;
  columnVisibility: GridColumnVisibilityModel;
  onColumnVisibilityChange: (model: GridColumnVisibilityModel) => void;
  density: GridDensity;
  onDensityChange: (density: GridDensity) => void;
  selection: GridRowSelectionModel;
  onSelectionChange: (model: GridRowSelectionModel) => void;
  /** A row was opened (click, or Enter on a cell): an alert's id, or a student's identifier. */
  onOpen: (id: GridRowId) => void;
  /** The row shown in the drawer: marked, and its page shown as the drawer moves. */
  openId: GridRowId | null;
  /** Changes whenever the filters change: back to the first page. */
  resetKey: string;
  /**
   * The drawer is open beside the grid, which is narrower: the columns it can spare (created,
   * categories, creator: the drawer shows them) step aside for the moment so that Student, Status,
   * Age and Details stay in view. The person's own choice of columns is kept as it was.
   */
  narrow?: boolean;
  handleRef?: Ref<TriageGridHandle>;
}

const PAGE_SIZES = [25, 50, 100];
/** The columns that step aside while the drawer is open beside the grid. */
const SPARED_BESIDE_DRAWER = ['createdOn', 'categories', 'creator'] as const;

/** `model` with the spared columns as the person had them (a change made while narrow keeps their choice for those). */
function withOwnSpared(model: GridColumnVisibilityModel, own: GridColumnVisibilityModel): GridColumnVisibilityModel {
  const next = { ...model };
  for (const field of SPARED_BESIDE_DRAWER) {
    if (field in own) next[field] = own[field]!;
    else delete next[field];
  }
  return next;
}

/** The grid's own rendering of each column; headers and order come from the pure column specs. */
function alertColumns(now: number): GridColDef<TriageRow>[] {
  const render: Record<string, Partial<GridColDef<TriageRow>>> = {
    createdOn: { width: 190, renderCell: ({ row }) => formatDateTime(row.createdMs) },
    student: { flex: 1, minWidth: 170, renderCell: ({ row }) => <PersonCell name={row.studentName} identifier={row.studentId} /> },
    categories: { flex: 1, minWidth: 150, renderCell: ({ row, colDef }) => <ClampedText text={row.categoriesText} lines={2} width={colDef.computedWidth} /> },
    creator: { width: 185, renderCell: ({ row }) => <CreatorCell creatorName={row.creatorName} details={row.details} /> },
    // Room for "On it: …" beside the status, cut with an ellipsis (the whole in its title): wider would push Details under the drawer.
    status: { width: 150, renderCell: ({ row }) => <StatusCell status={row.status} claim={<ClaimMark alertId={row.id} />} /> },
    age: { width: 95, type: 'number', renderCell: ({ row }) => days(ageInDays(row.createdMs, now)) },
    // The column that says what happened: the widest, on two lines, the whole text in its tooltip.
    details: { flex: 2.5, minWidth: 260, renderCell: ({ row, colDef }) => <ClampedText text={row.details} lines={2} width={colDef.computedWidth} /> },
    id: { width: 100, type: 'number', renderCell: ({ row }) => row.id },
  };
  return ALERT_COLUMNS.map((spec) => columnOf(spec, render[spec.field]));
}

function groupColumns(now: number): GridColDef<StudentGroup>[] {
  const render: Record<string, Partial<GridColDef<StudentGroup>>> = {
    student: { flex: 1, minWidth: 220, renderCell: ({ row }) => <PersonCell name={row.studentName} identifier={row.studentId} /> },
    count: { width: 100, type: 'number', renderCell: ({ row }) => row.count },
    age: { width: 130, type: 'number', renderCell: ({ row }) => days(ageInDays(row.oldestMs, now)) },
    categories: { flex: 1, minWidth: 180, renderCell: ({ row, colDef }) => <ClampedText text={row.categoriesText} lines={2} width={colDef.computedWidth} /> },
    createdOn: { width: 175, renderCell: ({ row }) => formatDateTime(row.latestMs) },
    details: { flex: 2.5, minWidth: 260, renderCell: ({ row, colDef }) => <ClampedText text={row.latestDetails} lines={2} width={colDef.computedWidth} /> },
  };
  return GROUP_COLUMNS.map((spec) => columnOf(spec, render[spec.field]));
}

function columnOf<T extends GridValidRowModel>(spec: ColumnSpec<T>, look: Partial<GridColDef<T>> | undefined): GridColDef<T> {
  return { field: spec.field, headerName: spec.header, filterable: false, ...look };
}

/** Columns and density, as buttons with words (the grid's default toolbar has no density selector any more). */
function TriageToolbar() {
  const apiRef = useGridApiContext();
  const density = useGridSelector(apiRef, gridDensitySelector);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choices: { value: GridDensity; label: string }[] = [
    { value: 'compact', label: 'Compact' },
    { value: 'standard', label: 'Standard' },
    { value: 'comfortable', label: 'Comfortable' },
  ];
  return (
    <Toolbar>
      <ColumnsPanelTrigger startIcon={<ViewColumnOutlined />} size="small">
        Columns
      </ColumnsPanelTrigger>
      <Button
        size="small"
        startIcon={<DensityMediumOutlined />}
        id="triage-density-button"
        aria-haspopup="menu"
        aria-controls={anchor ? 'triage-density-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Density
      </Button>
      <Menu
        id="triage-density-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': 'triage-density-button' } }}
      >
        {choices.map((choice) => (
          <MenuItem
            key={choice.value}
            role="menuitemradio"
            aria-checked={density === choice.value}
            selected={density === choice.value}
            onClick={() => {
              apiRef.current?.setDensity(choice.value);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{density === choice.value ? <CheckOutlined fontSize="small" /> : null}</ListItemIcon>
            {choice.label}
          </MenuItem>
        ))}
      </Menu>
    </Toolbar>
  );
}

const toSortModel = (sort: TriageSort): GridSortModel => [{ field: sort.field, sort: sort.direction }];
const SLOTS = { toolbar: TriageToolbar };
const SORTING_ORDER = ['asc', 'desc'] as const;
// Tall enough for a screenful of rows, short enough that the page's own scrollbar is rarely needed.
const FRAME_SX = { height: 'min(calc(100vh - 120px), 760px)', minHeight: 420, width: '100%' } as const;
const GRID_SX = {
  ...CELL_STYLES,
  '& .MuiDataGrid-row': { cursor: 'pointer' },
  '& .triage-row--open': { bgcolor: 'action.selected', boxShadow: (theme: Theme) => `inset 4px 0 0 ${(theme.vars ?? theme).palette.primary.main}` },
} as const;

export const TriageGrid = memo(function TriageGrid(props: TriageGridProps) {
  const { data, now, sort, onSortChange, onOpen, openId, resetKey, handleRef, columnVisibility: ownVisibility, onColumnVisibilityChange } = props;
  const narrow = props.narrow === true && data.view === 'alert';
  const columnVisibility = useMemo(
    () => (narrow ? { ...ownVisibility, ...Object.fromEntries(SPARED_BESIDE_DRAWER.map((field) => [field, false])) } : ownVisibility),
    [narrow, ownVisibility],
  );
  const changeVisibility = useCallback(
    (model: GridColumnVisibilityModel) => onColumnVisibilityChange(narrow ? withOwnSpared(model, ownVisibility) : model),
    [narrow, ownVisibility, onColumnVisibilityChange],
  );
  const apiRef = useGridApiRef();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 100 });
  const pageSize = pagination.pageSize;

  // New filters: back to the first page (the old page number may not exist any more).
  const [lastResetKey, setLastResetKey] = useState(resetKey);
  if (lastResetKey !== resetKey) {
    setLastResetKey(resetKey);
    if (pagination.page !== 0) setPagination({ page: 0, pageSize });
  }

  const columns = useMemo(() => (data.view === 'alert' ? alertColumns(now) : groupColumns(now)), [data.view, now]);
  const rows = data.rows as readonly GridValidRowModel[];
  const pageRows = useMemo(() => rows.slice(pagination.page * pageSize, (pagination.page + 1) * pageSize), [rows, pagination.page, pageSize]);

  // The grid takes new rows in an effect of its own, after rendering once more with the old ones:
  // for a filter change that wasted render cost as much as the real one. So the rows and their
  // count go in through the grid's API before the browser paints: the `rows` prop stays the same,
  // and the rows render once per filter change. The count is not the `rowCount` prop: a change of
  // that prop makes the grid apply its `rows` prop again (MUI X 9.14's useGridRows), which here are
  // the first render's rows — a lowered alert came back into the Open view. MUI X's warning about
  // the prop's absence is the price.
  const [initial] = useState(() => ({ rows: pageRows, initialState: { pagination: { rowCount: rows.length } } }));
  const applied = useRef({ rows: pageRows, count: rows.length });
  useLayoutEffect(() => {
    const api = apiRef.current;
    if (!api) return;
    if (applied.current.rows !== pageRows) api.setRows(pageRows as GridValidRowModel[]);
    if (applied.current.count !== rows.length) api.setRowCount(rows.length);
    applied.current = { rows: pageRows, count: rows.length };
  }, [apiRef, pageRows, rows.length]);

  /** The page that holds row `id` shown; then, once rendered, `after`. */
  const pendingReveal = useRef<{ id: GridRowId; focus: boolean } | null>(null);
  const reveal = (id: GridRowId, focus: boolean) => {
    // Once per reveal, not per filter change: a lookup table of every row would cost each change.
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) return;
    pendingReveal.current = { id, focus };
    const page = Math.floor(index / pageSize);
    if (page !== pagination.page) setPagination({ page, pageSize });
    else finishReveal();
  };
  const finishReveal = () => {
    const target = pendingReveal.current;
    const api = apiRef.current;
    if (!target || !api) return;
    pendingReveal.current = null;
    requestAnimationFrame(() => {
      const rowIndex = api.getRowIndexRelativeToVisibleRows(target.id);
      if (rowIndex >= 0) api.scrollToIndexes({ rowIndex });
      const field = columns.find((column) => columnVisibility[column.field] !== false)?.field;
      if (target.focus && field) {
        api.setCellFocus(target.id, field);
        // The grid moves DOM focus only when its focused cell changes: coming back to the cell it
        // already holds as focused (Enter opened it), the element is focused here.
        api.getCellElement(target.id, field)?.focus();
      }
    });
  };
  // After a page change has rendered.
  const finishRevealAfterRender = useEffectEvent(finishReveal);
  useEffect(() => finishRevealAfterRender(), [pagination.page]);

  useImperativeHandle(handleRef, () => ({ focusRow: (id) => reveal(id, true) }));
  // The drawer moved on (arrows): its alert's row stays in view, without taking focus from the drawer.
  // Its page is shown in the same render (React's "adjust state while rendering"), the row scrolled to after.
  const [followedId, setFollowedId] = useState(openId);
  if (openId !== followedId) {
    setFollowedId(openId);
    const index = openId === null ? -1 : rows.findIndex((row) => row.id === openId);
    const page = Math.floor(index / pageSize);
    if (index >= 0 && page !== pagination.page) setPagination({ page, pageSize });
  }
  const scrollToOpened = useEffectEvent((id: GridRowId) => {
    if (rows.some((row) => row.id === id)) {
      pendingReveal.current = { id, focus: false };
      finishReveal();
    }
  });
  useEffect(() => {
    if (openId !== null) scrollToOpened(openId);
  }, [openId]);

  // Stable props: the grid re-renders its cells when a callback or model changes identity.
  const openFromKey = useCallback(
    (params: GridCellParams, event: React.KeyboardEvent) => {
      if (event.key !== 'Enter' || params.field === '__check__') return;
      event.preventDefault();
      onOpen(params.id);
    },
    [onOpen],
  );
  const openFromClick = useCallback((params: GridRowParams) => onOpen(params.id), [onOpen]);
  const sortModel = useMemo(() => toSortModel(sort), [sort]);
  const changeSort = useCallback(
    (model: GridSortModel) => {
      const item = model[0];
      onSortChange(item?.sort ? { field: item.field as SortField, direction: item.sort } : null);
    },
    [onSortChange],
  );
  const rowClassName = useCallback((params: GridRowClassNameParams) => (params.id === openId ? 'triage-row--open' : ''), [openId]);

  return (
    <Box sx={FRAME_SX}>
      <DataGrid
        apiRef={apiRef}
        label={data.view === 'alert' ? 'Alert queue' : 'Alert queue by student'}
        rows={initial.rows}
        initialState={initial.initialState}
        paginationMode="server"
        columns={columns as GridColDef[]}
        showToolbar
        slots={SLOTS}
        // Filters belong to the page (they live in the URL); the grid sorts nothing itself.
        disableColumnFilter
        sortingMode="server"
        sortModel={sortModel}
        onSortModelChange={changeSort}
        sortingOrder={SORTING_ORDER}
        columnVisibilityModel={columnVisibility}
        onColumnVisibilityModelChange={changeVisibility}
        density={props.density}
        onDensityChange={props.onDensityChange}
        checkboxSelection
        disableRowSelectionOnClick
        keepNonExistentRowsSelected
        disableRowSelectionExcludeModel
        rowSelectionModel={props.selection}
        onRowSelectionModelChange={props.onSelectionChange}
        onRowClick={openFromClick}
        onCellKeyDown={openFromKey}
        getRowClassName={rowClassName}
        pageSizeOptions={PAGE_SIZES}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        sx={GRID_SX}
      />
    </Box>
  );
});
