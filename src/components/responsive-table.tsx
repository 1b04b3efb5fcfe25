import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Breakpoint, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

export interface TableColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'right';
  /** Left out of the table below this width (what fits a phone stays; the card list shows everything). */
  hideBelow?: Breakpoint;
  /** No wrapping (dates, counts). */
  nowrap?: boolean;
  /** Extra cell styles (a monospace identifier, a capped width). */
  sx?: Record<string, unknown>;
}

/** A column of links into the app: `link` gives each row's page and the words that lead there (its name, its title). */
export function linkColumn<T>(header: string, link: (row: T) => { to: string; text: ReactNode }): TableColumn<T> & { header: string } {
  return {
    header,
    cell: (row) => {
      const { to, text } = link(row);
      return (
        <Link component={RouterLink} to={to}>
          {text}
        </Link>
      );
    },
  };
}

const hidden = (below: Breakpoint | undefined) => (below ? { display: { xs: 'none', [below]: 'table-cell' } } : {});

/**
 * Rows of records as a table on a desk and, below `cardsBelow`, as a list of cards (each column's
 * header beside its value, the first column as the card's title) that needs no sideways scrolling.
 * `rowProps` gives each row (or card) its test id and other attributes.
 */
export function ResponsiveTable<T>({
  rows,
  columns,
  rowKey,
  label,
  labelledBy,
  rowProps,
  cardsBelow,
  empty,
}: {
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  rowKey: (row: T) => string | number;
  label?: string;
  labelledBy?: string;
  rowProps?: (row: T) => Record<string, string>;
  /** Below this width, cards instead of a table; without it the table stays (with `hideBelow` columns left out). */
  cardsBelow?: Breakpoint;
  /** Shown in place of rows when there are none. */
  empty?: ReactNode;
}) {
  const cards = useMediaQuery((theme: Theme) => theme.breakpoints.down(cardsBelow ?? 'xs'), { noSsr: true }) && cardsBelow !== undefined;
  const named = { ...(label ? { 'aria-label': label } : {}), ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}) };
  if (cards) {
    const [first, ...rest] = columns;
    return (
      <List disablePadding {...named}>
        {rows.length === 0 && empty !== undefined && <ListItem sx={{ px: 2 }}>{empty}</ListItem>}
        {rows.map((row) => (
          <ListItem key={rowKey(row)} divider sx={{ display: 'block', px: 2, py: 1.25 }} {...rowProps?.(row)}>
            {first && <Box sx={{ fontWeight: 500, mb: 0.5, overflowWrap: 'anywhere' }}>{first.cell(row)}</Box>}
            <Box
              component="dl"
              // A long label takes at most half the card and wraps: the value beside it (a button) keeps its width at 320 px.
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'fit-content(50%) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.25, alignItems: 'baseline' }}
            >
              {rest.map((column, i) => (
                <Box key={i} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="textSecondary">
                    {column.header}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {column.cell(row)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <TableContainer>
      <Table size="small" {...named}>
        <TableHead>
          <TableRow>
            {columns.map((column, i) => (
              <TableCell key={i} align={column.align} sx={hidden(column.hideBelow)}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && empty !== undefined && (
            <TableRow>
              <TableCell colSpan={columns.length}>{empty}</TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover {...rowProps?.(row)}>
              {columns.map((column, i) => (
                <TableCell key={i} align={column.align} sx={{ ...hidden(column.hideBelow), ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}), ...column.sx }}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
