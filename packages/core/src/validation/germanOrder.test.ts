import { describe, expect, it } from 'vitest';
import { familyNameFirst, sortByFamilyName, sortByGermanName } from './germanOrder.js';

describe('the order of names in the firm’s lists', () => {
  it('should sort umlauts with their letter, case together and numbers by value', () => {
    const rows = ['Zeta', 'Öko Versicherung', 'alpha', 'Nr. 10', 'Nr. 2', 'Ober'].map((name, index) => ({ id: String(index), name }));
    expect(sortByGermanName(rows, (row) => row.name).map((row) => row.name)).toEqual(['alpha', 'Nr. 2', 'Nr. 10', 'Ober', 'Öko Versicherung', 'Zeta']);
  });

  it('should list people by family name, titles left out, so „Dr. Anna Berger“ stands under B and not under D', () => {
    // Operator pass 5 (2026-12-07): the Team table of 50 people sorted „Dr. Anna Berger“ among the D's.
    const people = ['Dr. Anna Berger', 'Zoe Adler', 'Prof. Dr. Max Ziegler', 'Dipl.-Jur. Eva Öztürk', 'Carla Becker', 'Admin'].map((name, index) => ({
      id: String(index),
      name,
    }));
    expect(sortByFamilyName(people, (row) => row.name).map((row) => row.name)).toEqual([
      'Zoe Adler',
      'Admin',
      'Carla Becker',
      'Dr. Anna Berger',
      'Dipl.-Jur. Eva Öztürk',
      'Prof. Dr. Max Ziegler',
    ]);
  });

  it('should put the family name first and keep a name of one word as it is', () => {
    expect(familyNameFirst('Dr. Anna Maria Berger')).toBe('Berger Anna Maria');
    expect(familyNameFirst('RAin Julia Hahn-Schmidt')).toBe('Hahn-Schmidt Julia');
    expect(familyNameFirst('  Kanzlei  ')).toBe('Kanzlei');
    expect(familyNameFirst('Dr.')).toBe('Dr.');
  });
});
