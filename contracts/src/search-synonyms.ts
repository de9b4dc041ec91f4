// Words that name the same thing in Kiswahili and English (issue 42): market search matches any word
// of a group for any other, so "mbolea" finds fertiliser and "maize" finds a listing titled "Mahindi".
// Lowercase, single-spaced; a phrase of several words ("dawa ya wadudu") is matched whole, before its
// words. Each word or phrase sits in one group only. Plurals need no entry: search stems English words.

export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  // Crops and produce
  ['mahindi', 'maize', 'corn'],
  ['mbegu', 'seed', 'seeds'],
  ['mbegu za mahindi', 'maize seed'],
  ['mbegu za maharagwe', 'bean seed'],
  ['maharagwe', 'beans'],
  ['viazi', 'potatoes'],
  ['viazi vitamu', 'sweet potatoes'],
  ['nyanya', 'tomatoes'],
  ['sukuma wiki', 'sukuma', 'kale'],
  ['kabichi', 'cabbage'],
  ['vitunguu', 'onions'],
  ['parachichi', 'avocado'],
  ['ndizi', 'bananas'],
  ['ndengu', 'green grams'],
  ['mtama', 'sorghum'],
  ['ngano', 'wheat'],
  ['mchele', 'rice'],
  ['nafaka', 'grain'],
  ['mboga', 'vegetables'],
  ['matunda', 'fruit'],
  ['miche', 'seedlings'],
  // Animals and what they give
  ['maziwa', 'milk'],
  ['mayai', 'eggs'],
  ["ng'ombe", 'cow', 'cattle'],
  ['kuku', 'chicken', 'poultry'],
  ['mbuzi', 'goat'],
  ['kondoo', 'sheep'],
  ['nguruwe', 'pig'],
  ['samaki', 'fish'],
  ['asali', 'honey'],
  ['mifugo', 'livestock'],
  ['chakula cha mifugo', 'animal feed'],
  ['chakula cha kuku', 'chicken feed', 'poultry feed'],
  // Inputs
  // Not "fertilizer": English stemming makes it "fertil", which finds "fertility"; typo tolerance finds it.
  ['mbolea', 'fertiliser'],
  ['samadi', 'manure'],
  ['chokaa', 'lime'],
  ['dawa ya wadudu', 'pesticide', 'insecticide'],
  ['dawa ya magugu', 'herbicide', 'weedkiller'],
  ['dawa ya kuvu', 'fungicide'],
  ['dawa ya mifugo', 'veterinary'],
  ['dawa ya minyoo', 'dewormer'],
  ['dawa ya kupe', 'acaricide'],
  // Tools, machines and services
  ['trekta', 'tractor'],
  ['pampu', 'pump'],
  ['pampu ya maji', 'water pump'],
  ['bomba la kunyunyizia', 'sprayer'],
  ['jembe', 'hoe'],
  ['panga', 'machete'],
  ['toroli', 'wheelbarrow'],
  ['umwagiliaji', 'irrigation'],
  ['kulima', 'ploughing', 'plowing'],
  ['kuvuna', 'harvesting'],
  ['usafiri', 'transport'],
  ['daktari wa mifugo', 'vet'],
];

/**
 * Small words that join a Kiswahili phrase ("mbegu za mahindi": seeds of maize). A search that
 * names things through synonyms drops them, as English search drops "of".
 */
export const SEARCH_CONNECTORS: readonly string[] = ['za', 'ya', 'wa', 'la', 'cha', 'vya', 'kwa', 'na', 'ni'];
