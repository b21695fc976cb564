// The fields of law the chat classifies into; ids are stable wire values (FieldOfLaw on the wire).

export interface FieldOfLaw {
  id: number;
  name: string;
  longName: string;
}

/** Fallback for empty, ambiguous or failed classification. */
export const fallbackFieldOfLawId = 2;

export const fieldsOfLaw: readonly FieldOfLaw[] = [
  { id: 1, name: 'Arbeitsrecht', longName: 'Arbeitsrecht (Kündigung, Arbeitsvertrag, Lohn, Zeugnis)' },
  { id: 2, name: 'Sonstiges', longName: 'Allgemeines Zivilrecht/Sonstiges' },
  { id: 3, name: 'Mietrecht', longName: 'Miet- und Wohnungseigentumsrecht' },
  { id: 4, name: 'Verkehrsrecht', longName: 'Verkehrsrecht (Unfall, Bußgeld, Führerschein)' },
  { id: 5, name: 'Familienrecht', longName: 'Familienrecht (Scheidung, Unterhalt, Sorgerecht)' },
  { id: 6, name: 'Erbrecht', longName: 'Erbrecht (Testament, Pflichtteil, Erbschaft)' },
  { id: 7, name: 'Sozialrecht', longName: 'Sozialrecht (Rente, Krankenkasse, Bürgergeld, Pflege)' },
  { id: 8, name: 'Strafrecht', longName: 'Strafrecht und Strafverfahren' },
  { id: 9, name: 'Vertragsrecht', longName: 'Vertragsrecht (Kauf-, Werk- und Dienstverträge)' },
  { id: 10, name: 'Verbraucherrecht', longName: 'Verbraucherrecht (Online-Kauf, Abos, Widerruf, Inkasso)' },
  { id: 11, name: 'Versicherungsrecht', longName: 'Versicherungsrecht' },
  { id: 12, name: 'Verwaltungsrecht', longName: 'Verwaltungsrecht (Behörden, Bescheide, Baurecht, Schule)' },
];

export function fieldOfLawById(id: number): FieldOfLaw {
  return fieldsOfLaw.find((f) => f.id === id) ?? (fieldsOfLaw[1] as FieldOfLaw);
}
