import './market-figures.css';

import type { FigureWindow } from '@hypertek/shared';
import { useState } from 'react';

import { Loading } from '../../../components/loading';
import { KindFigures } from './kind-figures';
import { useMarketFigures } from './use-market-figures';
import { WindowSwitch } from './window-switch';

/**
 * The market figures of NFAs and lands (their own chunk, loaded by MarketFiguresSection when it
 * comes near the screen): the period switch over both kinds' figures, each read on mount. Until
 * both first answers are in, one indicator in the reserved frame: drawn one kind after the other,
 * the first (above the other on a phone) would push the second down while it is on screen.
 */
export default function MarketFigures() {
  const [period, setPeriod] = useState<FigureWindow>('24h');
  const nfa = useMarketFigures('nfa');
  const land = useMarketFigures('land');
  const [shown, setShown] = useState(false);
  if (!shown && nfa.status !== 'loading' && land.status !== 'loading') setShown(true);
  return (
    <div className="mp-figures">
      <WindowSwitch value={period} onChange={setPeriod} />
      {shown ? (
        <div className="mp-figures-kinds">
          <KindFigures kind="nfa" period={period} figures={nfa} />
          <KindFigures kind="land" period={period} figures={land} />
        </div>
      ) : (
        <Loading label="Loading market figures" />
      )}
    </div>
  );
}
