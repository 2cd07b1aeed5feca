import { formatPrice, PLATFORM_FEE, totalWithFee, type CatalogueItem } from '@hypertek/shared';
import { useState, type ReactNode } from 'react';

import { Modal } from '@hypertek/shared/ui';
import { WalletOption } from '../../../components/wallet-option';

type Step = 'assets' | 'confirm' | 'wallet' | 'connect';

const usdt = (amount: number) => formatPrice(amount, 'USDT');
/** The fee as the product writes it ('$0.5 USDT', not '$0.50 USDT'). */
const PLATFORM_FEE_TEXT = `$${PLATFORM_FEE} USDT`;

/** A label and its amount, as the buy dialogs list them. */
function Line({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <p className={strong ? 'ac-modal-total' : 'ac-modal-line'}>
      <span>{label}</span>
      {strong ? <strong className="price">{amount}</strong> : <span>{amount}</span>}
    </p>
  );
}

type Action = readonly [label: string, onClick: () => void];

/** One dialog of the chain: a ghost 'back' action and, when there is one, a primary 'next'. */
function ChainStep({
  title,
  step,
  onClose,
  back,
  next,
  children,
}: {
  title: string;
  step: Step;
  onClose: () => void;
  back: Action;
  next?: Action;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      focusKey={step}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={back[1]}>
            {back[0]}
          </button>
          {next && (
            <button type="button" className="btn btn-primary" onClick={next[1]}>
              {next[0]}
            </button>
          )}
        </>
      }
    >
      {children}
    </Modal>
  );
}

/**
 * The profile page's buy chain: 'Buy Assets' (List price, Platform Fee, Total Fee), a
 * confirm dialog ('List Price' = price + fee), 'Connect Wallet' with the browser wallet, then
 * Connect/Cancel. Close and Cancel step back; × and Escape close the chain. WARNING: static like
 * every wallet screen — nothing is bought or called; Connect only closes the chain.
 */
export function BuyAssetsChain({ item, onClose }: { item: CatalogueItem; onClose: () => void }) {
  const [step, setStep] = useState<Step>('assets');
  const total = totalWithFee(item.price);
  const frame = { step, onClose };

  switch (step) {
    case 'assets':
      return (
        <ChainStep
          {...frame}
          title="Buy Assets"
          back={['Cancel', onClose]}
          next={['Buy Now', () => setStep('confirm')]}
        >
          <p className="muted">{item.title}</p>
          <Line label="List price" amount={usdt(item.price)} />
          <Line label="Platform Fee" amount={PLATFORM_FEE_TEXT} />
          <Line label="Total Fee" amount={usdt(total)} strong />
        </ChainStep>
      );
    case 'confirm':
      return (
        <ChainStep
          {...frame}
          title="Confirm purchase"
          back={['Close', () => setStep('assets')]}
          next={['Confirm', () => setStep('wallet')]}
        >
          <p className="muted">{item.title}</p>
          <Line label="List Price" amount={usdt(total)} strong />
        </ChainStep>
      );
    case 'wallet':
      return (
        <ChainStep {...frame} title="Connect Wallet" back={['Cancel', () => setStep('confirm')]}>
          <p className="muted">Choose the wallet to pay with.</p>
          <WalletOption onChoose={() => setStep('connect')} />
        </ChainStep>
      );
    case 'connect':
      return (
        <ChainStep
          {...frame}
          title="Connect Wallet"
          back={['Cancel', () => setStep('wallet')]}
          next={['Connect', onClose]}
        >
          <p className="muted">
            Connect your browser wallet to Hyper Tek to complete the purchase.
          </p>
        </ChainStep>
      );
  }
}
