import { useCallback } from 'react';
import { useForkRef } from '@mui/material/utils';
import type { GridRowCheckboxProps } from '@mui/x-data-grid';

/** The class of the roster's row checkboxes, styled once on the grid's box (`rosterBoxStyles`). */
export const ROW_CHECKBOX_CLASS = 'roster-row-checkbox';

/**
 * A row's selection checkbox as the browser's own input, in the grid's `rowCheckbox` slot. The
 * grid's default is MUI's Checkbox (ripple, icon and four styled components), and a band's pick
 * mounts one for every row shown: they were a fifth of the pick's rendering. This keeps what the
 * grid asks of it: the name it gives ("Select row"), checked and indeterminate, disabled rows, the
 * tab stop of the grid's keyboard navigation, and the change its selection listens to.
 */
export function RowCheckbox({
  checked,
  indeterminate,
  disabled,
  tabIndex,
  className,
  slotProps,
  onChange,
  onClick,
  onMouseDown,
  onKeyDown,
}: GridRowCheckboxProps) {
  const { ref: inputRef, ...input } = slotProps?.htmlInput ?? {};
  const showIndeterminate = useCallback(
    (element: HTMLInputElement | null) => {
      if (element) element.indeterminate = indeterminate ?? false;
    },
    [indeterminate],
  );
  const ref = useForkRef(inputRef, showIndeterminate);
  return (
    <input
      type="checkbox"
      {...input}
      ref={ref}
      className={className ? `${className} ${ROW_CHECKBOX_CLASS}` : ROW_CHECKBOX_CLASS}
      checked={checked ?? false}
      {...{ disabled, tabIndex, onChange, onClick, onMouseDown, onKeyDown }}
    />
  );
}
