// @shambasoko/contracts: the zod schemas of every API request and response body, React-free.
// core-api validates with them, the forms resolve with them, test fakes are checked against them.
// Import this entry only from code that validates (forms, the API): zod stays off the landing page.
export * from './envelope';
export * from './farm';
export * from './farm-records';
export * from './farm-permissions';
export * from './fields';
export * from './checkout';
export * from './market';
export * from './market-orders';
export * from './payments';
export * from './payouts';
export * from './market-seller';
export * from './counties';
export * from './money';
export * from './numbers';
export * from './market-values';
export * from './search-synonyms';
export * from './identity';
export * from './me';
export * from './roles';
export * from './registry';
export * from './admin';
export * from './remotes';
export * from './market-home';
export * from './reports';
export * from './reconciliation';
export * from './papers';

export * from './disputes';
export * from './announcements';

export * from './messages';

export * from './product-kinds';
export * from './market-prices';
export * from './integrations';
