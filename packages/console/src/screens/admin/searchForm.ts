// The administration lists' search (Versicherer, Team): what an administrator types is compared in one form.

/** Lower case without accents, ß as ss: „arzte“ finds „Ärzte“, „strasse“ finds „Straße“. */
export const searchForm = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('de-DE').replace(/ß/g, 'ss');
