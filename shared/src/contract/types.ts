import type { ItemAttributes } from './catalogue-query';
import type { ItemKind } from './constants';

/**
 * The entities (docs/product.md, Entities), as the front end reads them and the API returns them.
 * Field names keep the product's spelling (FullName, Email, _id …): they are the wire contract.
 */

/** A signed-in user as the API returns it. `Password` is never sent: only whether one is set. */
export interface User {
  _id: string;
  id: string;
  FullName: string;
  Email: string;
  Bio: string;
  /** A path on the API host (e.g. `/uploads/ab12.png`); images load from API host + path. */
  Avatar: string | null;
  /** True when the account has a password (email sign-up), false for wallet/Google/Discord-only. */
  Password: boolean;
  DiscordId: string | null;
  GoogleId: string | null;
  /** Lower-cased wallet address for wallet sign-in accounts. */
  WalletAddress?: string | null;
}

export interface Session {
  user: User | null;
  token: string | null;
  isLoggedInUser: boolean;
}

/** A market item (NFA) or a land parcel. */
export interface CatalogueItem {
  _id: string;
  id: string;
  title: string;
  serialNumber: string;
  price: number;
  image?: string;
  description?: string;
  kind: ItemKind;
  /** NFAs: rarity and category; lands: region and size. */
  attributes?: ItemAttributes;
  /** ISO date the item was listed (the `newest` sort). */
  listedAt?: string;
  /** True while an active listing exists: the item can be bought at `price`. */
  listed?: boolean;
  /** The owner's display name ('Hyper Tek Vault' for the unsold catalogue) and id. */
  owner?: string;
  ownerId?: string;
  /** Detail read only (`search/item/{id}`): the market state of the item. */
  market?: ItemMarketState;
}

export interface ActivityEntry {
  _id: string;
  name: string;
  type: string;
  buyer: string;
  seller: string;
  price: number;
  /** ISO date. Shown as whole days elapsed ('3d'; '0d' when in the future). */
  time: string;
  /** The item the entry is about, and its kind, when it is still listed: its row links to it. */
  itemId?: string;
  itemKind?: ItemKind;
}

export interface PaymentHistoryEntry {
  _id: string;
  gameTitle: string;
  amount: number;
  createdAt: string;
}

export interface SearchHit {
  _id: string;
  title: string;
  serialNumber?: string;
  /** What a result row shows besides the title: the kind, the price and the art's path. */
  kind?: ItemKind;
  price?: number;
  image?: string;
}

/** A sale of one item (`GET /activity/item/{id}`), newest first. */
export interface ItemSale {
  _id: string;
  buyer: string;
  seller: string;
  price: number;
  /** ISO date. */
  time: string;
}

export interface SearchResult {
  lands: SearchHit[];
  nfas: SearchHit[];
}

export interface PurchaseCheckRequest {
  userId: string;
  productId: string;
}

export interface PurchaseCheckResponse {
  success: boolean;
  exist: 'yes' | 'no';
  message?: string;
  /** With 'no': what the caller pays now (the listing's price, or their accepted offer's). */
  price?: number;
  /** With 'no', when the caller's accepted offer reserves the item for them: until when (ISO). */
  reservedUntil?: string | null;
}

/** Which card payment provider the API runs: Stripe itself, or the offline sandbox. */
export type PaymentProviderMode = 'sandbox' | 'stripe';

/** A PaymentIntent's status, as Stripe names them. */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

/** The body of `POST /card/pay-with-card`: the amount in cents, currency 'usd'. */
export interface CardPaymentRequest {
  userId: string;
  userInfo: { name: string; email: string };
  gameDetails: { gameId: string; serialNumber: string; title: string; price: number };
  paymentDetails: { amount: number; payment_method_id: string; currency: string };
  provider: 'card';
  productId: string;
}

/** A recorded card payment, as `pay-with-card` returns it when the charge succeeded. */
export interface PaymentRecord {
  id: string;
  orderId: string;
  paymentIntentId: string;
  status: 'succeeded';
  /** Dollars. */
  amount: number;
  amountCents: number;
  currency: string;
  /** The provider that took the payment ('sandbox' or 'stripe'; older records may name others). */
  provider: string;
  productId: string;
  title: string;
  kind: CatalogueItem['kind'];
  card: { brand: string; last4: string } | null;
  createdAt: string;
}

/**
 * The answer of `pay-with-card`: the charge succeeded, the buyer's bank asks for authentication
 * (`requiresAction`), or (declines come as 402 errors) `success: false` with a message.
 */
export type CardPaymentResponse =
  | (ApiEnvelope & { success: true; payment: PaymentRecord })
  | (ApiEnvelope & {
      success: false;
      requiresAction: true;
      status: 'requires_action';
      paymentIntentId: string;
      clientSecret: string;
    })
  | (ApiEnvelope & { success: false; requiresAction?: false; error?: string; code?: string });

/** The body of `POST /payment/create-payment-intent` (the embedded 'Secure Payment' variant). */
export interface CreatePaymentIntentRequest {
  /** Cents. */
  amount: number;
  userId: string;
  gameId: string;
  gameTitle: string;
  serialNumber: string;
  currency: string;
  email: string;
  productId: string;
}

export interface CreatePaymentIntentResponse extends ApiEnvelope {
  /** Missing when the provider gave none ('Failed to get client secret'). */
  clientSecret?: string;
  paymentIntentId?: string;
  /** Cents. */
  amount?: number;
  currency?: string;
  provider?: PaymentProviderMode;
}

/** The buyer's view of one payment (`GET /payment/payment-intent/:id`), read from the provider. */
export interface PaymentIntentView {
  id: string;
  status: PaymentIntentStatus;
  /** Dollars. */
  amount: number;
  amountCents: number;
  currency: string;
  productId: string;
  title: string;
  kind: CatalogueItem['kind'];
  /** Why the last attempt failed (a decline, a failed authentication), else null. */
  failureMessage: string | null;
}

/** A PaymentIntent as the sandbox provider answers, in Stripe's shape. */
export interface SandboxPaymentIntent {
  id: string;
  object: 'payment_intent';
  status: PaymentIntentStatus;
  /** Cents. */
  amount: number;
  currency: string;
  client_secret: string;
  next_action: { type: 'use_sandbox_authentication' } | null;
  last_payment_error: { message: string; code?: string } | null;
}

/**
 * The card as the sandbox turns it into a payment method, as Stripe.js would. WARNING: the number
 * and CVC only travel in this one request; never log or store them.
 */
export interface SandboxCardDetails {
  /** Digits; spaces allowed. */
  number: string;
  exp_month: number;
  /** Four digits. */
  exp_year: number;
  cvc: string;
  name?: string;
}

export interface SandboxPaymentMethod {
  id: string;
  object: 'payment_method';
  card: { brand: string; last4: string };
}

export interface SignupPayload {
  Email: string;
  Password: string;
  ConfirmPassword: string;
}
export interface LoginPayload {
  Email: string;
  Password: string;
}
export interface ForgotPasswordPayload {
  Email: string;
}
export interface ResetPasswordPayload {
  Password: string;
  ConfirmPassword: string;
}

/** Every API answer: `success`, optional `message`, and call-specific fields. */
export interface ApiEnvelope {
  success: boolean;
  message?: string;
}
export interface AuthResponse extends ApiEnvelope {
  user: User;
  token: string;
  /** True when this call created the account (Google, Discord and wallet sign-ins). */
  created?: boolean;
}
/**
 * The wallet sign-in challenge: `message` is the full EIP-4361 (Sign-In with Ethereum) text the
 * wallet signs, built by the server around a single-use `nonce` that expires at `expiresAt`.
 */
export interface WalletNonceResponse extends ApiEnvelope {
  nonce: string;
  message: string;
  issuedAt: string;
  expiresAt: string;
}
/** An item's market state, as its detail read (`search/item/{id}`) answers it. */
export interface ItemMarketState {
  owner: { id: string; name: string };
  /** The active listing, or null when the item is not for sale. */
  listing: { _id: string; price: number; expiresAt: string | null } | null;
  /** Open offers on the item ('Offer N'). */
  offers: number;
  /** While an accepted offer reserves the item for its buyer: until when (ISO); else null. */
  reservedUntil: string | null;
}

export interface ListResponse<T> extends ApiEnvelope {
  data: T[];
  /** Opaque cursor of the next page, null on the last page. */
  nextCursor?: string | null;
}

export interface TeamMember {
  name: string;
  role: string;
  img: string;
  bio: string;
  expertise: string[];
  socials: { platform: string; url: string }[];
}
export interface Testimonial {
  name: string;
  role: string;
  quote: string;
  image: string;
  company: string;
}
