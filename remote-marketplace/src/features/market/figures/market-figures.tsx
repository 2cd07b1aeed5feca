import './market-figures.css';

import type { FigureWindow } from '@hypertek/shared';
import { useState } from 'react';

import { KindFigures } from './kind-figures';
import { WindowSwitch } from './window-switch';

/**
 * The market figures of NFAs and lands (their own chunk, loaded by MarketFiguresSection when it
 * comes near the screen): the period switch over both kinds' figures, each read on mount.
 */
export default function MarketFigures() {
  const [period, setPeriod] = useState<FigureWindow>('24h');
  return (
    <div className="mp-figures">
      <WindowSwitch value={period} onChange={setPeriod} />
      <div className="mp-figures-kinds">
        <KindFigures kind="nfa" period={period} />
        <KindFigures kind="land" period={period} />
      </div>
    </div>
  );
}
