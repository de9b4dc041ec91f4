// @shambasoko/shared/testing: the test kit every front end uses (jest + Testing Library only; never
// imported by app code). renderPage mounts a page with a router and a query client; mockApi fakes the
// core API and checks each fake and each request against the contract; signInAs sets the session.
export { renderPage, signInAs, signOut, type RenderPageOptions } from './render';
export { contractBreaches, listPage, mockApi, type Answer, type ApiCall, type Handler } from './mock-api';
export { remoteMetadataProblems, type RemoteJson } from './remote-metadata';
export { catalogProblems, untranslatedKeys } from './catalogs';
export { importChain } from './static-imports';
