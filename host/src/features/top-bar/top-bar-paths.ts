/** Where the top bar leaves out some of its controls (paths in lower case, with what is below them). */
/** Paths where the search box is hidden. */
export const NO_SEARCH_PATHS = [
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/signin',
  '/about',
];
/** Paths where signed-out visitors see no Sign Up button. */
export const NO_SIGNUP_BUTTON_PATHS = ['/signup', '/signin', '/forgot-password'];
