// The messages pages (/messages/*) and the Message seller button: their own namespace.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/messages.en.json';

export const { useT } = defineNamespace('market-messages', en, () => import('../locales/messages.sw.json'));
