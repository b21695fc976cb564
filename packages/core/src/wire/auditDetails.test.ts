import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from './adminTeam.js';
import { AUDIT_ACTION_DETAIL_LABELS, AUDIT_DETAIL_LABELS, auditDetailLabel, auditDetailsText, auditDetailValue } from './auditDetails.js';

describe('auditDetailsText', () => {
  it('should write the details as German "Label: Wert" pairs, joined as asked', () => {
    const details = { kid: 'k-123', endedSessions: 3 };
    expect(auditDetailsText('insurer.key.revoked', details)).toBe('Schlüssel-ID (kid): k-123, beendete Anmeldungen: 3');
    expect(auditDetailsText('insurer.key.revoked', details, '; ')).toBe('Schlüssel-ID (kid): k-123; beendete Anmeldungen: 3');
    expect(auditDetailsText('insurer.ended', { revokedKeys: 'k-b, k-a', endedSessions: 0 }, '; ')).toBe(
      'widerrufene Schlüssel: k-b, k-a; beendete Anmeldungen: 0',
    );
    expect(auditDetailsText('insurer.deleted', { deletedKeys: null })).toBe('gelöschte Schlüssel: –');
  });

  it('should say nothing for an entry without details (the console shows its „–“, the CSV an empty cell)', () => {
    expect(auditDetailsText('lawyer.invitation.accepted', {})).toBe('');
  });

  it("should prefer a label of the entry's own kind where a key means something else there", () => {
    expect(auditDetailsText('lawyer.role.changed', { from: 'lawyer', to: 'admin' })).toBe('bisherige Rolle: Anwältin/Anwalt, neue Rolle: Administration');
    expect(auditDetailsText('lawyer.profile.changed', { from: 'Markus Hoffmann', to: 'Dr. Markus Hoffmann' })).toBe(
      'bisheriger Name: Markus Hoffmann, neuer Name: Dr. Markus Hoffmann',
    );
    expect(auditDetailLabel('chat.fieldOfLaw.changed', 'to')).toBe('neues Rechtsgebiet');
    expect(auditDetailLabel('insurer.key.revoked', 'kid')).toBe('Schlüssel-ID (kid)');
  });

  it('should leave out an id beside the name it stands for, and „per E-Mail verschickt“ beside the delivery', () => {
    expect(auditDetailsText('lawyer.deactivated', { reassignedTo: 'law-3', reassignedToName: 'Clara Vogt', chats: 1 })).toBe(
      'übernommen von: Clara Vogt, Chats: 1',
    );
    // Without the name (an old entry) the id is all there is.
    expect(auditDetailsText('lawyer.deactivated', { reassignedTo: 'law-3' })).toBe('übernommen von: law-3');
    // Nothing to hand over: the entry says so, not „übernommen von: –“, which read as if the work had been lost.
    expect(auditDetailsText('lawyer.deactivated', { reassignedTo: null, reassignedToName: null, chats: 0, callbacks: 0, caseFiles: 0 })).toBe(
      'übernommen von: niemand (keine offenen Chats, Rückrufe oder Fallakten), Chats: 0, Rückrufe: 0, Fallakten: 0',
    );
    expect(auditDetailsText('lawyer.invited', { role: 'lawyer', mailed: false, delivery: 'outbox' })).toBe(
      'Rolle: Anwältin/Anwalt, E-Mail: nur im Postausgang-Ordner (kein Mailserver eingerichtet)',
    );
    expect(auditDetailsText('reports.invoice.exported', { insurer: 'ins-1', insurerName: 'Muster AG' })).toBe('Versicherer: Muster AG');
  });

  it('should name a key and value it does not know by themselves, never as "[object Object]"', () => {
    expect(auditDetailsText('something.new', { colour: 'blau', count: 2, nested: { a: [1, 2] }, list: ['RC-1', 'RC-2'], empty: [] })).toBe(
      'colour: blau, count: 2, nested: {"a":[1,2]}, list: RC-1, RC-2, empty: –',
    );
    // Keys of the object's prototype are no labels.
    expect(auditDetailsText('something.new', { toString: 'x', constructor: 'y' })).toBe('toString: x, constructor: y');
  });
});

describe('auditDetailValue', () => {
  it('should say yes and no, and „–“ for nothing – except an invoice of every insurer', () => {
    expect(auditDetailValue('lawyer.mfa.reset', 'hadFactor', true)).toBe('ja');
    expect(auditDetailValue('lawyer.invited', 'mailed', false)).toBe('nein');
    expect(auditDetailValue('reports.invoice.exported', 'insurer', null)).toBe('–');
    expect(auditDetailValue('reports.invoice.exported', 'insurerName', null)).toBe('Alle Versicherer');
    expect(auditDetailValue('x', 'y', undefined)).toBe('–');
  });

  it('should turn codes into words where the key says what they are', () => {
    expect(auditDetailValue('dataRequest.search', 'searchedBy', 'chatReference')).toBe('Aktenzeichen eines Chats');
    expect(auditDetailValue('dataRequest.ambiguous', 'requested', 'erase')).toBe('Löschung');
    expect(auditDetailValue('lawyer.profile.changed', 'gender', 'other')).toBe('Keine Angabe');
    expect(auditDetailValue('lawyer.profile.changed', 'phone', 'removed')).toBe('entfernt');
    expect(auditDetailValue('lawyer.invited', 'delivery', 'failed')).toBe('vom Mailserver nicht angenommen');
    expect(auditDetailValue('auditLog.exported', 'action', 'insurer.ended')).toBe('Zusammenarbeit mit dem Versicherer beendet');
    // A code this version does not know stays as stored.
    expect(auditDetailValue('lawyer.invited', 'delivery', 'carrier-pigeon')).toBe('carrier-pigeon');
    expect(auditDetailValue('auditLog.exported', 'action', 'lawyer.unknown')).toBe('lawyer.unknown');
  });

  it('should name a role only where the value is one, not a colleague who is called „admin“', () => {
    expect(auditDetailValue('lawyer.invited', 'role', 'admin')).toBe('Administration');
    expect(auditDetailValue('lawyer.role.changed', 'from', 'lawyer')).toBe('Anwältin/Anwalt');
    expect(auditDetailValue('lawyer.profile.changed', 'to', 'admin')).toBe('admin');
  });

  it('should show an instant as the Berlin wall clock, in winter and summer, and a calendar day as German date', () => {
    expect(auditDetailValue('lawyer.invited', 'expiresAt', '2026-01-15T10:17:00.000Z')).toBe('15.01.2026, 11:17');
    expect(auditDetailValue('lawyer.invited', 'expiresAt', '2026-07-15T10:17:00.000Z')).toBe('15.07.2026, 12:17');
    expect(auditDetailValue('lawyer.invited', 'expiresAt', '2026-11-22T23:30:00Z')).toBe('23.11.2026, 00:30');
    expect(auditDetailValue('serviceHours.closure.added', 'firstDay', '2026-12-24')).toBe('24.12.2026');
    // Text that only looks like a time stays as it is.
    expect(auditDetailValue('firmDetails.saved', 'changed', '2026-12-24 Heiligabend')).toBe('2026-12-24 Heiligabend');
  });

  it('should write numbers as they are', () => {
    expect(auditDetailValue('reports.invoice.exported', 'rows', 0)).toBe('0');
    expect(auditDetailValue('reports.invoice.exported', 'rows', 12)).toBe('12');
  });
});

describe('the detail labels', () => {
  it('should name only kinds of entry that exist in the action-specific labels', () => {
    const actions = new Set<string>(AUDIT_ACTIONS);
    for (const key of Object.keys(AUDIT_ACTION_DETAIL_LABELS)) {
      const action = AUDIT_ACTIONS.find((candidate) => key.startsWith(`${candidate}.`));
      expect(action && actions.has(action), key).toBeTruthy();
    }
  });

  it('should have a German label for what the insurers write: key, revoked and deleted keys, sessions, end', () => {
    for (const key of ['kid', 'endedSessions', 'revokedKeys', 'deletedKeys', 'endedAt', 'displayName', 'previousName', 'previousDisplayName'])
      expect(AUDIT_DETAIL_LABELS[key], key).toBeDefined();
  });
});
