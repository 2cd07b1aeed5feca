import { FIGURE_WINDOWS, type FigureWindow } from '@hypertek/shared';
import { useId } from 'react';

import { WINDOW_LABELS } from './figures-format';

/**
 * The figures' period: a radio group of native radios (arrow keys move between them, the checked
 * one is announced), drawn as a segmented control.
 */
export function WindowSwitch({
  value,
  onChange,
}: {
  value: FigureWindow;
  onChange: (period: FigureWindow) => void;
}) {
  const name = useId();
  const labelId = `${name}-label`;
  return (
    <div className="mp-figures-switch" role="radiogroup" aria-labelledby={labelId}>
      <span id={labelId} className="mp-figures-switch-label">
        Period
      </span>
      {FIGURE_WINDOWS.map((period) => (
        <label key={period} className={period === value ? 'is-checked' : undefined}>
          <input
            type="radio"
            name={name}
            value={period}
            checked={period === value}
            onChange={() => onChange(period)}
          />
          {WINDOW_LABELS[period].short}
        </label>
      ))}
    </div>
  );
}
