import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import type { NavIcon } from './route-table.ts';

/** The navigation's icons by the names the route table uses (the table stays free of React for the server). */
export const NAV_ICONS: Record<NavIcon, typeof PeopleAltOutlined> = {
  home: HomeOutlined,
  students: PeopleAltOutlined,
  alerts: NotificationsActiveOutlined,
  scores: InsightsOutlined,
  caseloads: AssignmentIndOutlined,
  categories: CategoryOutlined,
  triggers: BoltOutlined,
  networks: HubOutlined,
  journal: HistoryOutlined,
  outcomes: QueryStatsOutlined,
};
