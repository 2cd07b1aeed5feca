/**
 * The card form's words, Stripe's own, written once: the checkout's form says them before a card
 * leaves the browser, and the API's sandbox provider answers with the same, so a buyer reads the
 * same message whichever side found the mistake.
 *
 * Its own subpath (`@hypertek/shared/card-messages`), not the contract's index: only the checkout
 * and the API need it, so the shared singleton every page loads does not carry it.
 */
export const CARD_MESSAGES = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
  invalidCvc: "Your card's security code is invalid.",
  notATestCard:
    'Your card was declined. This site takes test cards only, such as 4242 4242 4242 4242.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;
