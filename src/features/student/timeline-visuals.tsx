import type { ComponentType } from 'react';
import Chip from '@mui/material/Chip';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import HardwareOutlined from '@mui/icons-material/HardwareOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import PanToolOutlined from '@mui/icons-material/PanToolOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import StarBorderOutlined from '@mui/icons-material/StarBorderOutlined';
import WbSunnyOutlined from '@mui/icons-material/WbSunnyOutlined';
import { KIND_WORDS, type TimelineKind } from './timeline-filters.ts';

type Icon = ComponentType<SvgIconProps>;
type PaletteColor = 'primary' | 'secondary' | 'error' | 'success';

/** Each kind: an icon, a palette colour and a word — never the colour alone. */
export const KIND_LOOK: Record<TimelineKind, { icon: Icon; color: PaletteColor }> = {
  update: { icon: EditNoteOutlined, color: 'primary' },
  dataInsight: { icon: InsightsOutlined, color: 'secondary' },
  alert: { icon: NotificationsActiveOutlined, color: 'error' },
  encouragement: { icon: EmojiEventsOutlined, color: 'success' },
};

export function KindChip({ kind }: { kind: TimelineKind }) {
  const { icon: KindIcon, color } = KIND_LOOK[kind];
  return <Chip size="small" variant="outlined" color={color} icon={<KindIcon aria-hidden />} label={KIND_WORDS[kind].one} />;
}

/** Encouragement type icon names (decisions §8) → icons; anything else gets the generic one. */
const ENCOURAGEMENT_ICONS: Record<string, Icon> = {
  star: StarBorderOutlined,
  hand: PanToolOutlined,
  hammer: HardwareOutlined,
  lightbulb: LightbulbOutlined,
  people: PeopleOutlined,
  sun: WbSunnyOutlined,
  check: CheckCircleOutlined,
  heart: FavoriteBorderOutlined,
  sparkle: AutoAwesomeOutlined,
  rocket: RocketLaunchOutlined,
};

export function encouragementIcon(name: string | undefined): Icon {
  const key = (name ?? '').trim().toLowerCase();
  return Object.hasOwn(ENCOURAGEMENT_ICONS, key) ? (ENCOURAGEMENT_ICONS[key] as Icon) : EmojiEventsOutlined;
}
