// German favourites that the English-centred `passwords-common` list misses: the words German-speaking users pick
// most often according to published password-leak statistics (pet names, football clubs, months, the German keyboard
// row "qwertz"), plus words of the legal trade. Matched after lower-casing, and also with digits and symbols before
// or after the word taken off ("Hallo123!", "2024schalke04"), the way guessers try them.
// One group per line, words separated by spaces.
const GROUPS = `
  passwort kennwort geheim geheimnis meinpasswort neuespasswort startpasswort zugang anmelden
  willkommen hallo hallihallo servus moin tschuess tschüss
  qwertz qwertzu qwertzui qwertzuiop yxcvbnm asdfghjkl asdfgh 1q2w3e4r 1q2w3e4r5t
  q1w2e3r4 qaywsx qayxsw wertz
  schatz schatzi schatzilein mausi mäuschen maeuschen hasi hase häschen baerchen
  bärchen knuddel liebling liebe ichliebedich engel engelchen prinzessin prinz sonnenschein
  mama papa mutti vati oma opa familie zuhause heimat kinder
  katze kater hund hundi pferd pferde pony tigerente sonne sommer winter fruehling
  frühling herbst blume blumen rose schmetterling urlaub wochenende feierabend
  fussball fußball schalke schalke04 bvb bvb09 borussia dortmund bayern fcbayern
  bayernmuenchen bayernmünchen werder werderbremen hsv eintracht deutschland berlin hamburg
  muenchen münchen koeln köln frankfurt stuttgart
  januar februar maerz märz april juni juli august september oktober november dezember
  montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag
  ficken scheisse scheiße arschloch
  anwalt anwältin anwaeltin rechtsanwalt recht gesetz justiz justitia paragraph paragraf
  mandant mandantin akte fallakte gericht richter notar urteil klage vollmacht
`;

export const GERMAN_FAVOURITE_PASSWORDS: readonly string[] = GROUPS.split(/\s+/).filter((word) => word !== '');
