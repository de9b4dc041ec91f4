import type { Catalog } from '../i18n/catalog';

const placeholders = (message: string) =>
  [...message.matchAll(/\{(\w+)[,}]/g)]
    .map((m) => m[1])
    .filter((name, i, all) => all.indexOf(name) === i)
    .sort();
const tags = (message: string) => [...message.matchAll(/<(\w+)\/?>/g)].map((m) => m[1]).sort();

/**
 * What is wrong between a namespace's English and Kiswahili catalogs: a key missing on either side, an
 * empty message, or a placeholder or tag one side has and the other lacks. An empty list is a pass.
 */
export function catalogProblems(en: Catalog, sw: Catalog): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(en)) if (!(key in sw)) problems.push(`"${key}" has no Kiswahili`);
  for (const key of Object.keys(sw)) if (!(key in en)) problems.push(`"${key}" has no English`);
  for (const [key, english] of Object.entries(en)) {
    const swahili = sw[key];
    if (swahili === undefined) continue;
    if (!english.trim() || !swahili.trim()) problems.push(`"${key}" is empty`);
    if (placeholders(english).join() !== placeholders(swahili).join()) problems.push(`"${key}" placeholders differ`);
    if (tags(english).join() !== tags(swahili).join()) problems.push(`"${key}" tags differ`);
  }
  return problems;
}

/**
 * The keys whose Kiswahili is a copy of the English: a forgotten translation, unless the message is a
 * name or code that reads the same in both languages (`sameInBoth`). An empty list is a pass.
 */
export function untranslatedKeys(en: Catalog, sw: Catalog, sameInBoth: readonly string[] = []): string[] {
  return Object.keys(en).filter((key) => !sameInBoth.includes(key) && sw[key] === en[key]);
}
