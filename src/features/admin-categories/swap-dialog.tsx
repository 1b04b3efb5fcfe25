import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CategoryState } from '../../queries/category-rules.ts';
import { compareText } from '../../lib/collate.ts';

/** One side of the swap: a choice among `categories`, by id. */
function CategorySelect({
  label,
  value,
  onChange,
  disabled,
  categories,
}: {
  label: string;
  value: string;
  onChange: (id: string) => void;
  disabled: boolean;
  categories: readonly CategoryState[];
}) {
  return (
    <TextField select label={label} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
      {categories.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The guided swap at the cap: one active category out, one inactive category in, as one action.
 * The page runs it (deactivate, then activate, undoing the first when the second is refused).
 */
export function SwapDialog({
  open,
  categories,
  initialIn,
  running,
  onSwap,
  onClose,
}: {
  open: boolean;
  categories: readonly CategoryState[];
  initialIn: number | null;
  running: boolean;
  onSwap: (out: CategoryState, into: CategoryState) => void;
  onClose: () => void;
}) {
  const active = categories.filter((c) => c.isActive).sort((a, b) => compareText(a.name, b.name));
  const inactive = categories.filter((c) => !c.isActive).sort((a, b) => compareText(a.name, b.name));
  const [outId, setOutId] = useState<string>('');
  const [inId, setInId] = useState<string>(initialIn === null ? '' : String(initialIn));
  const out = active.find((c) => String(c.id) === outId);
  const into = inactive.find((c) => String(c.id) === inId);
  return (
    <Dialog open={open} onClose={running ? undefined : onClose} aria-labelledby="swap-title" fullWidth maxWidth="sm">
      <DialogTitle id="swap-title">Swap categories</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Deactivate one category and activate another in one action. If the activation is refused, the first category is activated again, and you are told
          where both stand.
        </DialogContentText>
        <Stack spacing={2}>
          <CategorySelect label="Deactivate" value={outId} onChange={setOutId} disabled={running} categories={active} />
          <CategorySelect label="Activate" value={inId} onChange={setInId} disabled={running} categories={inactive} />
          {out && into && (
            <Alert severity="info">
              “{out.name}” becomes inactive (past notations keep it; it can no longer be chosen), then “{into.name}” becomes active.
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          Cancel
        </Button>
        <Button variant="contained" disabled={!out || !into || running} onClick={() => out && into && onSwap(out, into)}>
          {running ? 'Swapping…' : 'Swap'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
