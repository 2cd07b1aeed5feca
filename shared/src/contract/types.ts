/**
 * The entities of SPEC §3, as the front end reads them and the API returns them.
 * Field names keep the spec's spelling (FullName, Email, _id …): they are the wire contract.
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
  kind: 'nfa' | 'land';
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
}

/** Sample listings of the profile List tab (hard-coded in the spec). */
export interface Listing {
  id: number;
  name: string;
  status: 'Active' | 'Inactive';
  price: number;
  floor: number;
  qty: number;
  image: string;
  checked: boolean;
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
export interface ListResponse<T> extends ApiEnvelope {
  data: T[];
  /** Opaque cursor of the next page, null on the last page. */
  nextCursor?: string | null;
}

export interface RewardTier {
  title: string;
  price: number;
  originalPrice: number;
  reward: string;
  features: string[];
  popular: boolean;
  buttonText: string;
  value: 'starter' | 'premium' | 'investor';
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
