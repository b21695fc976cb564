// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { of } from 'rxjs';
import { ok, type AdminTeamApi, type AuditLogEntry } from '@rechtschat/core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n.js';
import { AuditLogScreen } from './AuditLogScreen.js';

afterEach(cleanup);

const entry = (id: string, at: string, action: string, over: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  Id: id,
  At: at,
  ActorId: 'law-1',
  ActorName: 'Dr. Anna Berger',
  Action: action,
  TargetKind: 'lawyer',
  TargetId: 'law-2',
  TargetLabel: 'Bernd Roth',
  Details: {},
  Ip: '203.0.113.7',
  ...over,
});

describe('AuditLogScreen', () => {
  it('should show the newest entries first and load older pages on request, focusing the first new row', async () => {
    const auditLog = vi.fn((query: { before?: string; limit?: number }) =>
      of(
        ok(
          query.before === undefined
            ? {
                Entries: [
                  entry('e-3', '2026-11-22T10:00:00.000Z', 'lawyer.deactivated', { Details: { reassignedTo: 'Clara Vogt', chats: 1 } }),
                  entry('e-2', '2026-11-22T09:00:00.000Z', 'lawyer.invited', {
                    TargetLabel: null,
                    TargetId: 'neu@example.org',
                    Details: { role: 'lawyer', mailed: true },
                  }),
                ],
                NextBefore: 'e-2',
              }
            : {
                Entries: [entry('e-1', '2026-11-21T09:00:00.000Z', 'something.new', { ActorId: null, ActorName: 'Server-Befehl', Ip: null })],
                NextBefore: null,
              },
        ),
      ),
    );
    const api = { auditLog } as unknown as AdminTeamApi;
    render(
      <I18nextProvider i18n={createI18n()}>
        <AuditLogScreen ports={{ adminTeam: api }} onSessionExpired={() => undefined} pageSize={2} />
      </I18nextProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Protokoll der Administration' });
    const cells = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [
          within(row).getByRole('rowheader').textContent,
          ...within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ]);
    expect(cells()).toEqual([
      ['22.11.2026, 11:00', 'Dr. Anna Berger', 'Deaktiviert', 'Bernd Roth', 'reassignedTo: Clara Vogt, chats: 1', '203.0.113.7'],
      ['22.11.2026, 10:00', 'Dr. Anna Berger', 'Eingeladen', 'neu@example.org', 'role: lawyer, mailed: true', '203.0.113.7'],
    ]);
    expect(auditLog).toHaveBeenCalledWith({ limit: 2 });
    expect(screen.getByText('2 Einträge angezeigt.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ältere Einträge laden' }));
    await waitFor(() => expect(cells()).toHaveLength(3));
    expect(auditLog).toHaveBeenLastCalledWith({ limit: 2, before: 'e-2' });
    // An action this screen does not know yet is shown by its name; an operator command has no address.
    expect(cells()[2]).toEqual(['21.11.2026, 10:00', 'Server-Befehl', 'something.new', 'Bernd Roth', '', '–']);
    expect(document.activeElement).toBe(within(table).getAllByRole('row')[3]);
    expect(screen.queryByRole('button', { name: 'Ältere Einträge laden' })).toBeNull();
  });
});
