import type { Theme } from '@mui/material/styles';
import type { GridSlotProps } from '@mui/x-data-grid';

/*
 * The grid's row checkbox (its `rowCheckbox` slot) as plain elements: a native checkbox over MUI's
 * checkbox icon, with MUI Checkbox's look drawn by one set of rules (ROW_CHECKBOX_STYLES) on the
 * grid's root. MUI's Checkbox is five components deep (SwitchBase, ButtonBase, TouchRipple,
 * SvgIcon) with styles resolved on each render, and a filter change mounts a screenful of rows:
 * that was a good part of a chip click. What a person meets stays: a checkbox named "Select row",
 * Space to toggle, the grid's own focus handling (the input takes the cell's tab stop).
 */

const ROOT = 'triage-row-check';
// MUI's own icons (CheckBoxOutlineBlank, CheckBox, IndeterminateCheckBox).
const BLANK = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const CHECKED = 'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';
const MIXED = 'M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm-2 10H7v-2h10v2z';

type RowCheckboxProps = GridSlotProps['rowCheckbox'];

/** The slot's `ref` (typed for MUI's button root) is not used by the grid's cell: the input takes `inputRef`. */
export function RowCheckbox(props: RowCheckboxProps) {
  const { checked = false, indeterminate = false, disabled, tabIndex, className, onChange, onClick, onMouseDown, onKeyDown, slotProps, inputRef, autoFocus } = props;
  const shown = indeterminate ? 'mixed' : checked ? 'checked' : 'blank';
  const { ref: htmlInputRef, ...htmlInput } = slotProps?.htmlInput ?? {};
  return (
    <span className={className ? `${ROOT} ${className}` : ROOT} data-state={shown} aria-disabled={disabled || undefined}>
      <input
        {...htmlInput}
        ref={(element) => {
          for (const target of [inputRef, htmlInputRef]) {
            if (typeof target === 'function') target(element);
            else if (target) target.current = element;
          }
        }}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        tabIndex={tabIndex}
        autoFocus={autoFocus}
        aria-checked={indeterminate ? 'mixed' : undefined}
        onChange={onChange}
        onClick={onClick as React.MouseEventHandler<HTMLInputElement> | undefined}
        onMouseDown={onMouseDown as React.MouseEventHandler<HTMLInputElement> | undefined}
        onKeyDown={onKeyDown as React.KeyboardEventHandler<HTMLInputElement> | undefined}
      />
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={indeterminate ? MIXED : checked ? CHECKED : BLANK} />
      </svg>
    </span>
  );
}

const palette = (theme: Theme) => (theme.vars ?? theme).palette;

/** MUI Checkbox's look (colour primary, medium), for the grid's `sx`. */
export const ROW_CHECKBOX_STYLES = {
  [`& .${ROOT}`]: (theme: Theme) => ({
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    padding: '9px',
    borderRadius: '50%',
    color: palette(theme).text.secondary,
    '&[data-state="checked"], &[data-state="mixed"]': { color: palette(theme).primary.main },
    '&[aria-disabled="true"]': { color: palette(theme).action.disabled },
    '&:hover:not([aria-disabled="true"])': { backgroundColor: theme.alpha(palette(theme).primary.main, palette(theme).action.hoverOpacity) },
    '& input': { cursor: 'pointer', position: 'absolute', opacity: 0, width: '100%', height: '100%', top: 0, left: 0, margin: 0, padding: 0, zIndex: 1 },
    '& svg': { width: '1em', height: '1em', fontSize: theme.typography.pxToRem(24), fill: 'currentColor', flexShrink: 0, userSelect: 'none' },
    '& input:focus-visible + svg': { outline: `2px solid ${palette(theme).primary.main}`, outlineOffset: 1, borderRadius: `${theme.shape.borderRadius}px` },
  }) as const,
} as const;
