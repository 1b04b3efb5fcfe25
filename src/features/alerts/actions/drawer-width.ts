/**
 * The alert drawer's width from `sm` up (below, the whole screen). From `lg` up the triage page
 * leaves this much room beside the queue, so the drawer sits beside the grid instead of over it.
 * A module of its own: the page reads it without loading the drawer's code.
 */
export const ALERT_DRAWER_WIDTH = 440;
