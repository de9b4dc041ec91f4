// The service request form (a service listing's "Request service" dialog). Its own namespace, loaded with
// the dialog's code when it first opens, so a product page's first load leaves these words out.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/service.en.json';

export const { useT, t } = defineNamespace('market-service', en, () => import('../locales/service.sw.json'));
