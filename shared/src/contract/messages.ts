/**
 * Every user-visible message (docs/product.md, Validation messages), spelt exactly as the product spells them
 * (including 'Product ID is  required' with two spaces). Forms and the API both use these.
 */
export const MESSAGES = {
  // validation
  invalidEmail: 'Please enter a valid email address',
  passwordLength: 'Password must be between 8 and 20 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  userIdRequired: 'User Id is required Please signin',
  cardIdsRequired: 'User ID and Payment ID are required',
  productIdRequired: 'Product ID is  required',
  fullNameMax: 'Maximum 30 characters allowed',
  newPasswordMismatch: 'New password and confirm password do not match',
  stripeNotLoaded: 'Stripe not loaded',
  /** The card form's name-on-card rule (the product names the rule, not its text). */
  nameOnCardRequired: 'Name on card is required',
  userAndTokenRequired: 'User and token data is required',
  loginFirst: 'Please Login first!',
  // failures
  somethingWentWrong: 'Something went wrong',
  signupFailed: 'Signup failed',
  resetFailed: 'Reset password failed',
  discordFailed: 'Discord login failed!',
  googleLoginFailed: 'Google login failed!',
  googleSignupFailed: 'Google signup failed!',
  metamaskMissing: 'MetaMask is not installed!',
  signatureCancelled: 'Signature cancelled.',
  loginFailedPrefix: 'Login failed: ',
  metamaskPopup: 'Check for MetaMask popup!',
  alreadyPurchased: 'Sorry you have already purchased it',
  paymentFailed: 'Payment failed',
  paymentFailedRetry: 'Payment failed. Please try again.',
  clientSecretFailed: 'Failed to get client secret',
  paymentIntentFailed: 'Failed to create payment intent',
  paymentDetailsRequired: 'User data , amount and item details are required',
  notAuthenticated: 'User not authenticated.',
  noPurchaseHistory: 'No purchase history found.',
  noPaymentsFound: 'No payments found',
  noHistoryData: 'No History Data found for this user',
  profileFetchFailed: 'Failed to fetch profile',
  profileUpdateFailed: 'Failed to update profile',
  marketFetchFailed: 'Failed to fetch market data',
  marketFetchError: 'Error fetching market data',
  // successes
  signupSuccess: 'Signup successful!',
  loginSuccess: 'Login successful!',
  googleSuccess: 'Google Signup/Login successful!',
  metamaskSuccess: 'MetaMask Signup/login successful!',
  resetEmailSent: 'Password reset email sent! Check your inbox.',
  resetSuccess: 'Password reset successful! Please login.',
  loggedOut: 'User logged out successfully',
  profileUpdated: 'Profile updated successfully!',
  paymentSuccess: 'Payment Successful!',
  embeddedPaymentSuccess: 'Payment Successful! 💳',
  embeddedPaymentFailed: 'Payment Failed ❌',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** 'Welcome, {FullName}!' after a chat-community (Discord) sign-in. */
export const discordWelcome = (fullName: string): string =>
  `Discord Signup/Login successful! Welcome, ${fullName}!`;
