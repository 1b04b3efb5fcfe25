import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { AlertComposer, UpdateComposer } from './notation-composer.tsx';

export type WriteTab = 'update' | 'alert';

export interface WriteFormsProps {
  student: string;
  tab: WriteTab;
  /** The forms opened so far: they stay mounted (a draft survives a tab switch). */
  opened: ReadonlySet<WriteTab>;
  onTabChange: (tab: WriteTab) => void;
  onCollapse: () => void;
}

/**
 * The open part of the write section: the two forms under their tabs. Its own module, loaded by
 * write-section.tsx once the page has painted (or at once when a draft opens it): the forms, their
 * validation (react-hook-form) and dialogs are about 40 KB that the first rows of a timeline do not need.
 */
export function WriteForms({ student, tab, opened, onTabChange, onCollapse }: WriteFormsProps) {
  return (
    <>
      <Tabs value={tab} onChange={(_, value: WriteTab) => onTabChange(value)} aria-label="What to write" sx={{ mt: 1, mb: 2 }}>
        <Tab value="update" label="Update" id="write-tab-update" aria-controls="write-panel-update" />
        <Tab value="alert" label="Alert" id="write-tab-alert" aria-controls="write-panel-alert" />
      </Tabs>
      <Box role="tabpanel" id="write-panel-update" aria-labelledby="write-tab-update" hidden={tab !== 'update'}>
        {opened.has('update') && <UpdateComposer student={student} onCollapse={onCollapse} />}
      </Box>
      <Box role="tabpanel" id="write-panel-alert" aria-labelledby="write-tab-alert" hidden={tab !== 'alert'}>
        {opened.has('alert') && <AlertComposer student={student} onCollapse={onCollapse} />}
      </Box>
    </>
  );
}
