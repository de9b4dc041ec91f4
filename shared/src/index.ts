// Public API of @shambasoko/shared, the singleton package shared by the shell and every remote:
// session, API client, contracts and formatting. The design system is its own entry, @shambasoko/shared/ui,
// so a page that shows none of it (the landing page) does not download it.
// The contracts' types come from @shambasoko/contracts. The few contract values every remote uses at run
// time (roles, money, names) are re-exported here on purpose: this entry is the page's one eager
// singleton, so the remotes take the shell's copy instead of each bundling its own.
export { APP_ROLES, SELF_SERVICE_ROLES, isAppRole, rolloutBucket } from '@shambasoko/contracts/remotes';
export * from './remote-routes';
export * from './session/store';
export * from './session/accounts';
export * from './session/home-path';
export { STORAGE_KEYS } from './session/storage';
// The store persistence the session store runs on, for a remote's own small stores (the guest cart,
// the promo code): the shell's copy, so a remote's first page does not download its own.
export { createJSONStorage, persist } from 'zustand/middleware';
export * from './api/client';
export * from './api/device';
export { formatKES, formatKESRange } from '@shambasoko/contracts/money';
export * from './i18n';
export { shownEmail } from '@shambasoko/contracts/phone-account';
export { CATEGORY_LABELS } from '@shambasoko/contracts/market-values';
export { lazyPage, startPagesAt } from './ui/lazy-page';
export { routeSection } from './ui/route-section';
export { Spinner, PageSpinner } from './ui/spinner';
// The design system's words; its /ui entry takes them from here, so there is one runtime.
export { useUiT, useUiTNow } from './ui/i18n';
export { PortalRootContext } from './ui/portal-root';
export { RemoteScope } from './ui/remote-scope';
// Identity: the provider SDK inside loads only when one of these actions runs.
export * from './identity/auth-actions';
export { useCoreSessionStatus, type CoreSessionStatus } from './identity/core-status';
export { FIRST_SCREEN_AFTER_INPUT_MS, afterLargestPaint, holdFirstScreen, useFirstScreenShown } from './page/first-screen';
export { hasSavedData, offlineDataOnDevice } from './page/saved-mark';
export { HeldServerFrame, hasServerFrame, keepServerFrame } from './page/server-frame';
export { IDENTITY_MESSAGES, IdentityError, identityErrorMessage, providerErrorCode } from './identity/errors';
export { accountNames, firstNameOf, initials, joinName, splitFullName, usernameFromEmail } from './identity/naming';
export { refreshTokens, startTokenKeeper } from './identity/token-keeper';
export type * from './identity/types';
export * from './identity/validation';
