// The farm module's public interface to other modules: account erasure (modules/me) and the market's
// harvest listings, which reach a farm's crops through the same access rules as the farm's own pages.
export { NOT_FOUND, accessChild } from './common/access';
export { endFarmTies, invitationsFor } from './members/invitations';
// For the market's share links (connected in app.ts): a farm report opened by its link (issue 42).
export { openFarmReport } from './report/service';
