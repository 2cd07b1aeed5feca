/** The item being bought, kept under `paymentItem` for the checkout remote (see @hypertek/shared). */
export { PAYMENT_ITEM_STORAGE_KEY, readPaymentItem, savePaymentItem } from '@hypertek/shared';
