/** A request from a site on the phishing list, held until the user goes back or chooses to trust the site. */
export interface PhishingDetails {
  /** The listed host: the requesting frame's, or the page's around it (then `listedOrigin` is that page). */
  hostname: string;
  listedOrigin?: string;
  /** The request that is held: it proceeds (to its own approval) when the user trusts the site. */
  request: { method: string; params?: unknown };
}
