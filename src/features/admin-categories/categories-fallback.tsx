import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { characterCount } from '../../api/schemas/index.ts';
import { categoriesSeenInCache } from './category-usage.ts';
import { useEditCategory } from '../../queries/categories.ts';
import { editFailureText } from './category-messages.ts';
import { MAX_NAME_LENGTH } from '../../queries/category-rules.ts';
import { InlineForm } from '../../components/inline-form.tsx';
import { compareText } from '../../lib/collate.ts';

/**
 * For an upstream without the categories extension (404): the service can still edit a category
 * by id (E14), but nobody can list them. The page says so, offers the edit by id, and lists the
 * categories this tab has seen on the notations it loaded (and on a usage count).
 */
export function CategoriesFallback({ canEdit, seen }: { canEdit: boolean; seen: ReadonlyMap<number, string> }) {
  const client = useQueryClient();
  const edit = useEditCategory();
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [isActive, setIsActive] = useState(true);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const fromCache = categoriesSeenInCache(client);
  const known = new Map<number, string>(fromCache.map((c) => [c.id, c.name]));
  for (const [seenId, seenName] of seen) known.set(seenId, seenName);
  const idNumber = /^\d+$/.test(id.trim()) ? Number(id.trim()) : null;
  const length = characterCount(name.trim());
  const nameProblem =
    name === '' ? null : length === 0 ? 'A name is required.' : length > MAX_NAME_LENGTH ? `At most ${MAX_NAME_LENGTH} characters after trimming.` : null;
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        This service does not list its categories, so the dashboard cannot show them all or count how many are active. You can still edit a category by its id;
        the service applies its rules (at most 21 active, names unique) and says when it refuses.
      </Alert>
      {canEdit && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Edit a category by id
          </Typography>
          <InlineForm
            spacing={1.5}
            onSubmit={() => {
              if (idNumber === null || nameProblem || name.trim() === '') return;
              setMessage(null);
              edit.mutate(
                { id: idNumber, body: { name, isActive } },
                {
                  onSuccess: () =>
                    setMessage({
                      severity: 'success',
                      text: `Category ${idNumber} is now “${name}”, ${isActive ? 'active' : 'inactive'}. The new name shows on every past notation with it.`,
                    }),
                  onError: (error) =>
                    setMessage({
                      severity: 'error',
                      text: editFailureText(error, { name: `Category ${idNumber}` }, isActive).replace(/ The list has been refreshed\.$/, ''),
                    }),
                },
              );
            }}
          >
            <TextField
              size="small"
              label="Category id"
              value={id}
              onChange={(e) => setId(e.target.value)}
              error={id !== '' && idNumber === null}
              helperText={id !== '' && idNumber === null ? 'A whole number.' : ' '}
            />
            <TextField
              size="small"
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={nameProblem !== null}
              helperText={nameProblem ?? 'Shows on every past notation with this category.'}
            />
            <FormControlLabel control={<Switch checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />} label="Active" />
            <Button type="submit" variant="contained" disabled={idNumber === null || nameProblem !== null || name.trim() === '' || edit.isPending}>
              Save
            </Button>
          </InlineForm>
          {message && (
            <Alert severity={message.severity} sx={{ mt: 1 }} role={message.severity === 'error' ? 'alert' : 'status'}>
              {message.text}
            </Alert>
          )}
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          Categories seen on loaded notations
        </Typography>
        {known.size === 0 ? (
          <Typography color="textSecondary">
            None yet: open a student or the alert queue, or count usage above, and the categories named there show here.
          </Typography>
        ) : (
          <List dense aria-label="Categories seen on loaded notations">
            {[...known]
              .sort((a, b) => compareText(a[1], b[1]))
              .map(([seenId, seenName]) => (
                <ListItem
                  key={seenId}
                  disablePadding
                  secondaryAction={
                    canEdit ? (
                      <Button
                        size="small"
                        onClick={() => {
                          setId(String(seenId));
                          setName(seenName);
                        }}
                      >
                        Edit
                      </Button>
                    ) : undefined
                  }
                >
                  <ListItemText primary={seenName} secondary={`id ${seenId}`} />
                </ListItem>
              ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
