// The 'farm-forms' namespace: the words that only the field, season and crop forms show. English comes
// with those dialogs, which load when first opened (components/dialogs.tsx), so the pages' first load
// leaves them out; Kiswahili is a chunk of its own, fetched only when someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/forms.en.json';

const words = defineNamespace('farm-forms', en, () => import('../locales/forms.sw.json'));
export const { useT } = words;

const UNIT: Record<string, Extract<keyof typeof en, string>> = {
  hectares: 'unit.hectares',
  acres: 'unit.acres',
  'square meters': 'unit.squareMeters',
};

/** A field unit as an option's label ("Square meters"); an unknown one capitalised as it came. */
export const unitLabel = (unit: string): string => (UNIT[unit] ? words.t(UNIT[unit]) : unit.charAt(0).toUpperCase() + unit.slice(1));
