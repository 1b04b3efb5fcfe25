import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorTextOnPaper } from '../../components/error-text-on-paper.ts';
import { nameProblem, type CategoryState } from '../../queries/category-rules.ts';
import { InlineForm } from '../../components/inline-form.tsx';

/**
 * Rename in place: the rules are checked as the person types (1–100 characters after trimming,
 * no other category with the name ignoring case), Enter or Save sends, Escape cancels. A refused
 * save keeps the typed text and says why; nothing typed is lost.
 */
export function CategoryRename({
  category,
  categories,
  saving,
  serverError,
  onSave,
  onCancel,
}: {
  category: CategoryState;
  categories: readonly CategoryState[];
  saving: boolean;
  serverError: string | null;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(category.name);
  const problem = nameProblem(categories, category.id, name);
  const unchanged = name === category.name;
  const helperId = `rename-help-${category.id}`;
  const helper =
    problem ??
    serverError ??
    (unchanged ? 'Type the new name; Enter saves, Escape cancels.' : `The new name shows on every past notation with this category, not only new ones.`);
  const submit = () => {
    if (!problem && !unchanged && !saving) onSave(name);
  };
  return (
    <InlineForm
      spacing={1}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <TextField
        size="small"
        label={`New name for “${category.name}”`}
        value={name}
        autoFocus
        onChange={(event) => setName(event.target.value)}
        error={problem !== null || serverError !== null}
        helperText={helper}
        slotProps={{
          htmlInput: { 'aria-describedby': helperId },
          formHelperText: { id: helperId, role: problem || serverError ? 'alert' : undefined, sx: errorTextOnPaper } as object,
        }}
        sx={{ minWidth: { sm: 320 }, flexGrow: 1 }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size="small" disabled={problem !== null || unchanged || saving}>
          {saving ? 'Saving…' : 'Save name'}
        </Button>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </InlineForm>
  );
}
