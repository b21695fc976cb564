// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallbackEntry, WorkspaceState } from '@rechtschat/core';
import { createI18n } from '../i18n/i18n.js';
import { CallbacksScreen } from './CallbacksScreen.js';

afterEach(cleanup);

function callback(id: string, reference: string, over: Partial<CallbackEntry> = {}): CallbackEntry {
  return {
    Id: id,
    ChatId: `chat-${id}`,
    CaseId: `case-${id}`,
    CaseReference: reference,
    Phone: '+49301234567',
    PhoneDisplay: '+49 30 1234567',
    Availability: 'Telefonische Weiterberatung nach dem Chat',
    Description: 'Der Nachbar fällt einen Baum auf meinem Grundstück.',
    FieldOfLawLongName: 'Allgemeines Zivilrecht/Sonstiges',
    Created: '2026-12-04T20:47:00.000Z',
    DoneAt: null,
    DoneBy: null,
    AssignedLawyer: null,
    ...over,
  };
}

const ME = { Id: 'lawyer-me', Name: 'Dr. Anna Berger' };
const COLLEAGUE = { Id: 'lawyer-colleague', Name: 'Markus Hoffmann' };

/** One callback each: promised by the signed-in lawyer, by a colleague, and a waiting client's booking nobody took. */
function renderThreeOwners() {
  render(
    <I18nextProvider i18n={createI18n()}>
      <CallbacksScreen
        callbacks={[
          callback('cb-mine', 'RC-MEINER1', { AssignedLawyer: ME }),
          callback('cb-colleague', 'RC-KOLLEGE', { AssignedLawyer: COLLEAGUE }),
          callback('cb-open', 'RC-OFFEN01', { Availability: '24.11.2099, 08:00–12:00 Uhr' }),
        ]}
        lawyerId={ME.Id}
        onDone={() => undefined}
      />
    </I18nextProvider>,
  );
}

const entryOf = (reference: string) => {
  const item = screen.getAllByRole('listitem').find((li) => li.textContent?.includes(reference));
  if (!item) throw new Error(`no entry for ${reference}`);
  return within(item);
};

describe('CallbacksScreen', () => {
  it('should name each done box by its case, so two callbacks to the same number are told apart', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <CallbacksScreen callbacks={[callback('cb-1', 'RC-GJHADW1W'), callback('cb-2', 'RC-RGG5ZFRW')]} lawyerId={ME.Id} onDone={() => undefined} />
      </I18nextProvider>,
    );
    const names = screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'));
    expect(names).toEqual(['Rückruf an +49 30 1234567 erledigt, Fall RC-GJHADW1W', 'Rückruf an +49 30 1234567 erledigt, Fall RC-RGG5ZFRW']);
  });

  it('should say on each callback who promised it: „Von Ihnen zugesagt“, the colleague by name, or nobody yet', () => {
    renderThreeOwners();
    expect(entryOf('RC-MEINER1').getByText('Von Ihnen zugesagt')).toBeTruthy();
    expect(entryOf('RC-KOLLEGE').getByText('Zugesagt von Markus Hoffmann')).toBeTruthy();
    expect(entryOf('RC-OFFEN01').getByText('Noch niemandem zugeordnet')).toBeTruthy();
  });

  it("should not call a waiting client's booking „Noch niemandem zugeordnet“ once a lawyer has called back", () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <CallbacksScreen
          callbacks={[callback('cb-done', 'RC-ERLEDIG', { DoneAt: '2026-12-07T19:15:00.000Z', DoneBy: COLLEAGUE })]}
          lawyerId={ME.Id}
          onDone={() => undefined}
        />
      </I18nextProvider>,
    );
    expect(entryOf('RC-ERLEDIG').getByText('Erledigt von Markus Hoffmann am 07.12.2026, 20:15')).toBeTruthy();
    expect(entryOf('RC-ERLEDIG').queryByText('Noch niemandem zugeordnet')).toBeNull();
  });

  it('should show all callbacks by default and only the own ones while „Nur meine“ is switched on', () => {
    renderThreeOwners();
    const onlyMine = screen.getByRole('switch', { name: 'Nur meine' });
    expect((onlyMine as HTMLInputElement).checked).toBe(false);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    // Keyboard reachable: a native input in the tab order, named by its label.
    onlyMine.focus();
    expect(document.activeElement).toBe(onlyMine);
    fireEvent.click(onlyMine);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('RC-MEINER1')]);
    fireEvent.click(onlyMine);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('should say so when „Nur meine“ leaves no callback of the signed-in lawyer', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <CallbacksScreen callbacks={[callback('cb-colleague', 'RC-KOLLEGE', { AssignedLawyer: COLLEAGUE })]} lawyerId={ME.Id} onDone={() => undefined} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Nur meine' }));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText('Ihnen ist kein Rückrufwunsch zugeordnet.')).toBeTruthy();
  });

  /** The screen with a server that answers „Übernehmen“ as given: the list and the claim's outcome follow the answer. */
  function ClaimingScreen({ answer }: { answer: (id: string) => { callbacks: CallbackEntry[]; claim: WorkspaceState['callbackClaim'] } }) {
    const [state, setState] = useState<{ callbacks: CallbackEntry[]; claim: WorkspaceState['callbackClaim'] }>({
      callbacks: [callback('cb-open', 'RC-OFFEN01'), callback('cb-done', 'RC-ERLEDIG', { DoneAt: '2026-12-05T09:00:00.000Z', DoneBy: ME })],
      claim: null,
    });
    return <CallbacksScreen callbacks={state.callbacks} lawyerId={ME.Id} claim={state.claim} onDone={() => undefined} onClaim={(id) => setState(answer(id))} />;
  }

  it('should offer „Übernehmen“ only on open callbacks nobody’s yet, and read „Von Ihnen zugesagt“ with a polite status once taken', () => {
    const onClaim = vi.fn((id: string) => ({
      callbacks: [callback(id, 'RC-OFFEN01', { AssignedLawyer: ME })],
      claim: { callbackId: id, claimed: true, message: null },
    }));
    render(
      <I18nextProvider i18n={createI18n()}>
        <ClaimingScreen answer={onClaim} />
      </I18nextProvider>,
    );
    expect(entryOf('RC-ERLEDIG').queryByRole('button', { name: /übernehmen/ })).toBeNull();
    const button = entryOf('RC-OFFEN01').getByRole('button', { name: 'Rückruf an +49 30 1234567 übernehmen, Fall RC-OFFEN01' });
    button.focus();
    fireEvent.click(button);
    expect(onClaim).toHaveBeenCalledWith('cb-open');
    expect(entryOf('RC-OFFEN01').getByText('Von Ihnen zugesagt')).toBeTruthy();
    expect(entryOf('RC-OFFEN01').queryByRole('button', { name: /übernehmen/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Sie haben den Rückruf an +49 30 1234567 übernommen, Fall RC-OFFEN01.');
    // The button is gone: the focus stays on the entry, on its done box, not lost to the page.
    expect(document.activeElement).toBe(entryOf('RC-OFFEN01').getByRole('checkbox'));
  });

  it('should show the server’s refusal at the entry when a colleague took the callback first', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <ClaimingScreen
          answer={(id) => ({
            callbacks: [callback(id, 'RC-OFFEN01', { AssignedLawyer: COLLEAGUE })],
            claim: { callbackId: id, claimed: false, message: 'Diesen Rückruf hat bereits Markus Hoffmann übernommen.' },
          })}
        />
      </I18nextProvider>,
    );
    fireEvent.click(entryOf('RC-OFFEN01').getByRole('button', { name: /übernehmen/ }));
    expect(entryOf('RC-OFFEN01').getByRole('alert').textContent).toBe('Diesen Rückruf hat bereits Markus Hoffmann übernommen.');
    expect(entryOf('RC-OFFEN01').getByText('Zugesagt von Markus Hoffmann')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
