import type { Language } from '../../../http/language';

/** Every word the farm report prints, in English and Kiswahili (words.test.ts holds both filled). */
export const REPORT_WORDS = {
  title: { en: 'Farm report', sw: 'Ripoti ya shamba' },
  county: { en: 'County', sw: 'Kaunti' },
  farmSize: { en: 'Farm size', sw: 'Ukubwa wa shamba' },
  acres: { en: 'acres', sw: 'ekari' },
  fields: { en: 'Fields', sw: 'Vipande vya shamba' },
  season: { en: 'Season', sw: 'Msimu' },
  noCrops: { en: 'No crops this season.', sw: 'Hakuna mazao msimu huu.' },
  harvested: { en: 'Harvested', sw: 'Yaliyovunwa' },
  yieldPerAcre: { en: 'Yield per acre', sw: 'Mavuno kwa ekari' },
  expectedPerAcre: { en: 'Expected per acre', sw: 'Yanayotarajiwa kwa ekari' },
  ofExpected: { en: 'of expected', sw: 'ya yanayotarajiwa' },
  income: { en: 'Income', sw: 'Mapato' },
  costs: { en: 'Costs', sw: 'Gharama' },
  profit: { en: 'Profit', sw: 'Faida' },
  profitPerAcre: { en: 'Profit per acre', sw: 'Faida kwa ekari' },
  seasonTotal: { en: 'Season total', sw: 'Jumla ya msimu' },
  allSeasons: { en: 'All seasons in this report', sw: 'Misimu yote ya ripoti hii' },
  sharing: {
    en: "Costs of the whole farm are split between fields by their size, and a field's costs not tied to a crop between its crops by the area planted.",
    sw: 'Gharama za shamba zima hugawanywa kati ya vipande kwa ukubwa wake, na gharama za kipande zisizo za zao fulani hugawanywa kati ya mazao yake kwa eneo lililopandwa.',
  },
  payments: { en: 'Payments received through M-Pesa', sw: 'Malipo yaliyopokelewa kwa M-Pesa' },
  noPayments: { en: 'No M-Pesa payments in these seasons.', sw: 'Hakuna malipo ya M-Pesa katika misimu hii.' },
  order: { en: 'Order', sw: 'Oda' },
  receipt: { en: 'M-Pesa receipt', sw: 'Risiti ya M-Pesa' },
  recorded: { en: 'recorded by the farmer', sw: 'imerekodiwa na mkulima' },
  total: { en: 'Total', sw: 'Jumla' },
} as const satisfies Record<string, Record<Language, string>>;

export type ReportWord = keyof typeof REPORT_WORDS;

export const reportWordsIn =
  (language: Language) =>
  (key: ReportWord): string =>
    REPORT_WORDS[key][language];
