import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { usePersonLabel } from '../../components/person-name.tsx';
import { TooltipIconButton } from '../../components/tooltip-icon-button.tsx';

interface MemberListProps {
  members: readonly string[];
  /** Members not in the saved network yet (marked "New"). */
  added: ReadonlySet<string>;
  /** Identifiers that break a rule (marked, with the message elsewhere). */
  invalid: ReadonlySet<string>;
  readOnly: boolean;
  onChange: (members: string[], announcement: string) => void;
}

interface RowProps {
  identifier: string;
  index: number;
  count: number;
  isNew: boolean;
  isInvalid: boolean;
  readOnly: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** The button to focus after a move, so a keyboard user keeps their place. */
const buttonId = (identifier: string, what: 'up' | 'down' | 'handle') => `member-${what}-${identifier.replace(/[^\w-]/g, '_')}`;

function MemberRow({ identifier, index, count, isNew, isInvalid, readOnly, onMove, onRemove }: RowProps) {
  const label = usePersonLabel(identifier);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: identifier, disabled: readOnly });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <ListItem
      ref={setNodeRef}
      style={style}
      divider
      data-testid="network-member"
      data-identifier={identifier}
      sx={{
        gap: 1,
        px: { xs: 0.5, sm: 2 },
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
      }}
    >
      {!readOnly && (
        <Tooltip title="Drag to reorder (or focus and press Space, then the arrow keys)">
          <IconButton
            id={buttonId(identifier, 'handle')}
            size="small"
            aria-label={`Reorder ${label.name}`}
            {...attributes}
            {...listeners}
            sx={{ cursor: 'grab', touchAction: 'none' }}
          >
            <DragIndicator fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Typography component="span" aria-hidden sx={{ minWidth: '2ch', color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
        {index + 1}
      </Typography>
      <ListItemText
        sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}
        primary={
          <>
            {label.name}
            {isNew && <Chip size="small" label="New" color="primary" variant="outlined" sx={{ ml: 1 }} />}
            {isInvalid && <Chip size="small" label="Not allowed" color="error" sx={{ ml: 1 }} />}
          </>
        }
        secondary={`${label.role ?? (label.unknown ? 'Unknown person' : 'Role unknown')} · ${identifier}`}
      />
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: { xs: 0, sm: 0.5 }, ml: 'auto', flexShrink: 0 }}>
          <TooltipIconButton
            tip="Move up"
            id={buttonId(identifier, 'up')}
            aria-label={`Move ${label.name} up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUpward />
          </TooltipIconButton>
          <TooltipIconButton
            tip="Move down"
            id={buttonId(identifier, 'down')}
            aria-label={`Move ${label.name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDownward />
          </TooltipIconButton>
          <TooltipIconButton tip="Remove" aria-label={`Remove ${label.name}`} onClick={() => onRemove(index)}>
            <DeleteOutline />
          </TooltipIconButton>
        </Box>
      )}
    </ListItem>
  );
}

/**
 * The members in priority order. Reorder by dragging the handle (pointer, or keyboard: Space,
 * arrows, Space — dnd-kit's keyboard sensor) or with the Move up / Move down buttons, which
 * need no dragging at all (WCAG 2.5.7).
 */
export function MemberList({ members, added, invalid, readOnly, onChange }: MemberListProps) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const move = (from: number, to: number) => {
    const next = arrayMove([...members], from, to);
    const identifier = members[from]!;
    onChange(next, `Moved ${identifier} to position ${to + 1} of ${members.length}.`);
    // The row moved in the DOM: keep the focus on its button (or the other one at an end).
    requestAnimationFrame(() => {
      const preferred = to < from ? 'up' : 'down';
      const atEnd = (preferred === 'up' && to === 0) || (preferred === 'down' && to === members.length - 1);
      document.getElementById(buttonId(identifier, atEnd ? (preferred === 'up' ? 'down' : 'up') : preferred))?.focus();
    });
  };
  const remove = (index: number) => {
    const identifier = members[index]!;
    onChange(
      members.filter((_, i) => i !== index),
      `Removed ${identifier}.`,
    );
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = members.indexOf(String(active.id));
    const to = members.indexOf(String(over.id));
    if (from !== -1 && to !== -1) onChange(arrayMove([...members], from, to), `Moved ${String(active.id)} to position ${to + 1} of ${members.length}.`);
  };
  if (members.length === 0) {
    return <Typography color="textSecondary">Nobody is in this network{readOnly ? '.' : ' yet. Add someone below.'}</Typography>;
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={[...members]} strategy={verticalListSortingStrategy}>
        <List aria-label="Members, highest priority first" disablePadding>
          {members.map((identifier, index) => (
            <MemberRow
              key={identifier}
              identifier={identifier}
              index={index}
              count={members.length}
              isNew={added.has(identifier)}
              isInvalid={invalid.has(identifier)}
              readOnly={readOnly}
              onMove={move}
              onRemove={remove}
            />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}
