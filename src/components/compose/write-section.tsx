import { memo, Suspense, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { usePreloadAfterPaint } from '../use-after-paint.ts';
import { draftKeys } from './draft-keys.ts';
import { useFocusRequest } from './use-focus-request.ts';
import type { WriteTab } from './write-forms.tsx';
import { lazyFrom, preloadable } from '../preloadable.ts';

// The forms' code is not on the way to a page's first rows: it loads once the page has painted
// (usePreloadAfterPaint below), so that an opener's click finds it in; a draft waiting opens it at once.
const loadForms = preloadable(() => import('./write-forms.tsx'));
const WriteForms = lazyFrom(loadForms, (m) => m.WriteForms);

const TABS: readonly WriteTab[] = ['update', 'alert'];

/** Whether an unfinished text of this form waits in storage. */
function hasDraft(student: string, tab: WriteTab): boolean {
  try {
    return localStorage.getItem(draftKeys.notation(tab, student)) !== null;
  } catch {
    // Storage unavailable: no drafts to restore.
    return false;
  }
}

/**
 * The students whose forms a person collapsed in this page's life: a collapse stands when the
 * section is mounted again (the student page moves it between its phone and desk layouts, and a
 * suspended render remounts it), rather than the draft opening its form again by itself.
 */
const collapsedBy = new Set<string>();

/** The form a stored draft belongs to, so that an unfinished text opens ready to go on. */
const draftedTab = (student: string): WriteTab | null => TABS.find((tab) => hasDraft(student, tab)) ?? null;

const OPENERS = {
  update: { label: 'Write an update', icon: <EditNoteOutlined /> },
  alert: { label: 'Raise an alert', icon: <NotificationsActiveOutlined /> },
} as const;

/**
 * A student's writing forms, compact until used: the page is for reading the story first. A form
 * opens on a click, or by itself when a draft is waiting; once open, both stay mounted so a draft
 * survives a tab switch. Collapse closes them back to their openers, whose labels say which one
 * keeps a draft. Memoised: each list arriving on the page re-renders it, and only the timeline needs it.
 */
export const WriteSection = memo(function WriteSection({ student, disabled = false }: { student: string; disabled?: boolean }) {
  const [tab, setTab] = useState<WriteTab | null>(() => (collapsedBy.has(student) ? null : draftedTab(student)));
  const [opened, setOpened] = useState<Set<WriteTab>>(() => new Set(tab ? [tab] : []));
  const openers = useRef<Partial<Record<WriteTab, HTMLButtonElement | null>>>({});
  const focusWhenShown = useFocusRequest();
  usePreloadAfterPaint(loadForms);
  const open = (value: WriteTab) => {
    collapsedBy.delete(student);
    setTab(value);
    setOpened((current) => new Set(current).add(value));
  };
  const collapse = () => {
    collapsedBy.add(student);
    const was = tab;
    setTab(null);
    setOpened(new Set());
    if (was) focusWhenShown(() => openers.current[was]);
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="write-heading" sx={{ px: 2, py: 1.5 }}>
      {/* One compact row until a form opens: the page's work is reading the story (issue 16). */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="write-heading" variant="h6" component="h2" sx={{ mr: 1 }}>
          Write
        </Typography>
        {tab === null &&
          TABS.map((value) => (
            <Button
              key={value}
              ref={(element) => {
                openers.current[value] = element;
              }}
              variant="outlined"
              startIcon={OPENERS[value].icon}
              onClick={() => open(value)}
              disabled={disabled}
            >
              {OPENERS[value].label}
              {hasDraft(student, value) && ' (draft kept)'}
            </Button>
          ))}
      </Stack>
      {tab !== null && (
        <Suspense fallback={<LinearProgress aria-label="Loading the form" sx={{ mt: 1.5, mb: 1 }} />}>
          <WriteForms student={student} tab={tab} opened={opened} onTabChange={open} onCollapse={collapse} />
        </Suspense>
      )}
    </Paper>
  );
});
