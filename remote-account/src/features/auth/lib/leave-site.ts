/**
 * Sends the visitor to another site (an identity provider's page) in this tab. One function, so
 * tests can stand in for a navigation jsdom cannot make.
 */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
