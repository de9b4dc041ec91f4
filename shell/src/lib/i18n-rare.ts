// The words of the 404 and the "not for your role" and "switched off" notices (namespace 'shell-rare'):
// they load with those pages' code (pages/rare-pages.tsx), not with the frame every page takes.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/rare.en.json';

export const { useT, t } = defineNamespace('shell-rare', en, () => import('../locales/rare.sw.json'));
