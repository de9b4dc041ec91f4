// Languages: one Lingui instance for the page (this package is the federation singleton), catalogs per
// remote, dates and numbers through Intl in en-KE or sw-KE.
export * from './locale';
export { loadNamespace, setLocale, translateMessageText, type Catalog, type MessageValues } from './catalog';
export { defineNamespace, Rich, useI18nVersion, useLocale, useMessageText, type Translate } from './react';
export { translateMessage, type MessageDictionary } from '@shambasoko/contracts/i18n/messages';
