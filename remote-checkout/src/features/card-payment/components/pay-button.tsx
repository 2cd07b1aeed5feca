import { formatPrice } from '@hypertek/shared';

/** 'Pay $amount', or a disabled 'Processing...' while a payment is on its way. */
export function PayButton({ amount, processing }: { amount: number; processing: boolean }) {
  return (
    <button type="submit" className="btn btn-primary co-pay-button" disabled={processing}>
      {processing ? (
        <>
          <span className="co-button-spinner" aria-hidden="true" />
          Processing...
        </>
      ) : (
        `Pay ${formatPrice(amount)}`
      )}
    </button>
  );
}
