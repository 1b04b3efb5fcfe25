import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { journalHref } from '../../queries/journal.ts';

/**
 * "Who changed this?" — for the category, trigger and network pages: opens the change journal
 * filtered to `target` (`category/3`, `trigger/12`, `network/S000001`).
 */
export function JournalLink({ target, label = 'Change history' }: { target: string; label?: string }) {
  return (
    <Button component={Link} to={journalHref(target)} size="small" startIcon={<HistoryOutlined />}>
      {label}
    </Button>
  );
}
