// Public API of @shambasoko/shared, the singleton package shared by the shell and every remote:
// session, API client, contracts and formatting. The design system is its own entry, @shambasoko/shared/ui,
// so a page that shows none of it (the landing page) does not download it.
export * from './contracts/envelope';
export * from './contracts/remotes';
export * from './session/store';
export * from './session/accounts';
export { STORAGE_KEYS } from './session/storage';
export * from './api/client';
export * from './api/device';
export { formatKES } from './format/kes';
export { lazyPage } from './ui/lazy-page';
export { Spinner, PageSpinner } from './ui/spinner';
export { PortalRootContext } from './ui/portal-root';
export { RemoteScope } from './ui/remote-scope';
