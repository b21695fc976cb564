import type { WeightedFeature } from './naiveBayes.js';

// German normaliser and light stemmer (in the spirit of CISTEM, Weissweiler & Fraser 2017) plus stop words.

const stopWords = new Set(
  'aber alle allem allen aller alles als also am an ander andere anderen auch auf aus bei beim bin bis bitte bist da dabei dadurch daher damit dann darf darum das dass dein deine dem den denn der des dessen die dies diese diesem diesen dieser dieses doch dort du durch ein eine einem einen einer eines einfach er es etwa etwas euch euer fuer gegen gibt habe haben hat hatte hatten hier hin hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer im in indem ins ist ja jede jedem jeden jeder jetzt kann kein keine keinem keinen koennen koennte man mein meine meinem meinen meiner meines mich mir mit moechte muss nach nicht nichts noch nun nur ob oder ohne schon sehr sein seine seinem seinen seiner sich sie sind so soll sollte sondern ueber um und uns unser unsere unter viel vom von vor war waren was weil wenn wer werden wie wieder will wir wird wo wurde wurden zu zum zur zwar zwischen guten tag hallo frage fragen problem leider gerne danke'.split(
    ' ',
  ),
);

/** Lower case, umlauts and ß folded, everything but letters and digits becomes a word break. */
export function normalizeGerman(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Strips the common inflection suffixes (-em, -er, -nd, -e, -s, -n, -t) and a "ge" participle prefix. */
export function stemGerman(word: string): string {
  let w = word;
  if (w.length > 6 && w.startsWith('ge')) w = w.slice(2);
  while (w.length > 3) {
    if (w.length > 5 && /(em|er|nd)$/.test(w)) w = w.slice(0, -2);
    else if (/[estn]$/.test(w)) w = w.slice(0, -1);
    else break;
  }
  return w;
}

/**
 * The words of a text with whether each was written with a capital – in German the nouns, and so every compound. A text
 * without any capital (typed in lower case on a phone) counts every word as one. Stop words are dropped.
 */
function wordsWithCase(text: string): { word: string; noun: boolean }[] {
  const lowerCaseOnly = !/\p{Lu}/u.test(text);
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .flatMap((token) =>
      normalizeGerman(token)
        .split(' ')
        .map((word) => ({ word, noun: lowerCaseOnly || /^\p{Lu}/u.test(token) })),
    )
    .filter(({ word }) => word.length > 1 && !stopWords.has(word));
}

/** What all the 5-grams of one verb, adjective or other small-letter word weigh together (a stem weighs 1). */
const lowerCaseGramsWeight = 2;

/**
 * Features: each stem (weight 1), plus character 5-grams of longer words, so that compounds ("Kündigungsschutzklage",
 * "Mietvertrag") share evidence with their parts and their verbs ("Mietminderung", "mindern"). A noun's 5-grams count
 * one by one – that is what ties a compound to its parts. The 5-grams of a word written small (a verb, an adjective, a
 * participle) share the weight `lowerCaseGramsWeight`: counted one by one, such a word outvoted the text's nouns with
 * its many chance overlaps – „erhalten“ (seven grams, „erhal“ and „rhalt“ shared with „Unterhalt“) outweighed
 * „Abmahnung“ and „Filesharing“, and „Ich habe eine Abmahnung wegen Filesharing erhalten …“ went to Familienrecht.
 */
export function features(text: string): WeightedFeature[] {
  const out: WeightedFeature[] = [];
  for (const { word, noun } of wordsWithCase(text)) {
    out.push({ name: `w:${stemGerman(word)}`, weight: 1 });
    if (word.length >= 7) {
      const padded = `_${word}_`;
      const weight = noun ? 1 : lowerCaseGramsWeight / (padded.length - 4);
      for (let i = 0; i + 5 <= padded.length; i++) out.push({ name: `g:${padded.slice(i, i + 5)}`, weight });
    }
  }
  return out;
}
