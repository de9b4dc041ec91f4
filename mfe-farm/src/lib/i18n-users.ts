// The 'farm-users' namespace: the words of the farm users page and its table. English is bundled with
// that page; Kiswahili is a chunk of its own, fetched only when someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/users.en.json';

export const { useT } = defineNamespace('farm-users', en, () => import('../locales/users.sw.json'));
