import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/route-table.ts';
import type { Person } from '../../api/schemas/index.ts';

/**
 * The caseload on a phone: a card per student (name as a link, identifier, email) with its
 * checkbox, the same selection as the grid's on a desk; 50 at a time, then "Show more".
 */

const PAGE = 50;

const isSelected = (model: GridRowSelectionModel, id: string) => (model.type === 'include' ? model.ids.has(id) : !model.ids.has(id));

function toggled(model: GridRowSelectionModel, id: string): GridRowSelectionModel {
  const ids = new Set(model.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { type: model.type, ids };
}

export function CaseloadCards({
  students,
  selection,
  onSelectionChange,
}: {
  students: readonly Person[];
  selection: GridRowSelectionModel;
  onSelectionChange: (model: GridRowSelectionModel) => void;
}) {
  const [shown, setShown] = useState(PAGE);
  const rest = students.length - shown;
  return (
    <>
      <List disablePadding aria-label="Students in this caseload" data-testid="caseload-cards">
        {students.slice(0, shown).map((p) => (
          <ListItem key={p.identifier} divider disableGutters data-testid="caseload-card" sx={{ alignItems: 'flex-start', py: 0.5 }}>
            <Checkbox
              checked={isSelected(selection, p.identifier)}
              onChange={() => onSelectionChange(toggled(selection, p.identifier))}
              slotProps={{ input: { 'aria-label': `Select ${p.firstName} ${p.lastName} (${p.identifier})` } }}
            />
            <div style={{ minWidth: 0, paddingTop: 8 }}>
              <Link component={RouterLink} to={paths.student(p.identifier)} sx={{ fontWeight: 500 }}>
                {p.lastName}, {p.firstName}
              </Link>
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {p.identifier} · {p.email}
              </Typography>
            </div>
          </ListItem>
        ))}
      </List>
      {rest > 0 && (
        <Button fullWidth variant="outlined" onClick={() => setShown(shown + PAGE)} sx={{ mt: 1, minHeight: 44 }}>
          Show {Math.min(PAGE, rest)} more ({rest} not shown)
        </Button>
      )}
    </>
  );
}
