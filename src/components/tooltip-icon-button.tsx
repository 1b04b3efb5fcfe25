import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/**
 * An icon button and the tooltip that names it to a pointer. A button that can be disabled sits in
 * a span: a disabled button fires no pointer events, so the tooltip listens to the span instead.
 */
export function TooltipIconButton({ tip, children, ...button }: IconButtonProps & { tip: string }) {
  const control = <IconButton {...button}>{children}</IconButton>;
  return <Tooltip title={tip}>{'disabled' in button ? <span>{control}</span> : control}</Tooltip>;
}
