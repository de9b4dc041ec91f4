/** Leaves the app for another site's page (the card partner's hosted payment page). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
