/**
 * The marketplace's chart colours (chart.js, lazily loaded with each chart). A canvas takes
 * colours, not CSS variables: these mirror --ht-text, --ht-text-muted, --ht-border and the
 * primary and accent colours.
 */
export const TEXT = '#e8ecff';
export const MUTED = '#9aa3c7';
export const GRID = 'rgba(38, 48, 94, 0.6)';

/** A bar dataset's look: cyan bars, magenta under the pointer. */
export const BAR_STYLE = {
  backgroundColor: 'rgba(0, 229, 255, 0.55)',
  hoverBackgroundColor: 'rgba(255, 43, 214, 0.75)',
  borderColor: '#00e5ff',
  borderWidth: 1,
  borderRadius: 6,
} as const;
