import type { WireItem } from '@hypertek/shared';
import type { SubmitEvent } from 'react';

import { useSandboxEmbeddedPayment } from '../hooks/use-sandbox-embedded-payment';
import type { CardEntry } from '../lib/card-entry';
import { ChargeNote } from './charge-note';
import { FormAlert } from './form-alert';
import { PayButton } from './pay-button';

/** The embedded payment form with the sandbox: the card fields, 'Pay $amount', then /dashboard. */
export function SandboxEmbeddedForm({
  item,
  intent,
  entry,
}: {
  item: WireItem;
  intent: { id: string; clientSecret: string };
  entry: CardEntry;
}) {
  const { state, confirm } = useSandboxEmbeddedPayment(item, intent, entry);
  const processing = state.status === 'processing';

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (processing || !entry.validate({ focus: true })) return;
    void confirm();
  };

  return (
    <form className="form co-pay-form" onSubmit={submit} noValidate aria-busy={processing}>
      {entry.fields({ disabled: processing })}
      <FormAlert message={state.status === 'error' ? state.message : null} />
      <ChargeNote amount={item.price} />
      <PayButton amount={item.price} processing={processing} />
      {entry.overlay}
    </form>
  );
}
