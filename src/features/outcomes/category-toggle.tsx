import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CategoryRecord } from '../../api/schemas/index.ts';
import { useEditCategory } from '../../queries/categories.ts';
import type { PermissionState } from '../../queries/permissions.ts';
import { editFailureText } from '../../components/category-edit-failure.ts';
import { activationBlock } from '../../queries/category-rules.ts';

/**
 * Deactivate a category from its figures (or activate it again), with the categories page's
 * mutation and its 21-active rule: an activation the service would refuse is not offered, and why is said.
 */
export function CategoryToggle({ id, categories, permission }: { id: number; categories: readonly CategoryRecord[] | undefined; permission: PermissionState }) {
  const edit = useEditCategory();
  const [message, setMessage] = useState<string | null>(null);
  const category = categories?.find((c) => c.id === id);
  if (!permission.allowed || !category || !categories) return category ? (category.isActive ? 'Active' : 'Inactive') : '—';
  const activating = !category.isActive;
  const block = activating ? activationBlock(categories, id) : null;
  const toggle = () => {
    setMessage(null);
    edit.mutate(
      { id, body: { isActive: activating, name: category.name } },
      {
        onSuccess: () => setMessage(`“${category.name}” is now ${activating ? 'active' : 'inactive'}.`),
        onError: (error) => setMessage(editFailureText(error, category, activating)),
      },
    );
  };
  return (
    <>
      <Button
        size="small"
        onClick={toggle}
        disabled={edit.isPending || block !== null}
        aria-label={`${activating ? 'Activate' : 'Deactivate'} ${category.name}`}
      >
        {activating ? 'Activate' : 'Deactivate'}
      </Button>
      {(block ?? message) && (
        <Typography variant="body2" role="status" sx={{ maxWidth: 260 }}>
          {block ?? message}
        </Typography>
      )}
    </>
  );
}
