// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallbackEntry, WorkspaceState } from '@rechtschat/core';
import { createI18n } from '../i18n/i18n.js';
import { CallbacksScreen } from './CallbacksScreen.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

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
    Claimed: false,
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

  it('should keep „Nur meine“ switched on when the lawyer leaves the screen and comes back, but not for another lawyer', () => {
    const renderFor = (lawyerId: string) =>
      render(
        <I18nextProvider i18n={createI18n()}>
          <CallbacksScreen
            callbacks={[callback('cb-mine', 'RC-MEINER1', { AssignedLawyer: ME }), callback('cb-colleague', 'RC-KOLLEGE', { AssignedLawyer: COLLEAGUE })]}
            lawyerId={lawyerId}
            onDone={() => undefined}
          />
        </I18nextProvider>,
      );
    const onlyMine = () => screen.getByRole('switch', { name: 'Nur meine' }) as HTMLInputElement;
    renderFor(ME.Id);
    fireEvent.click(onlyMine());
    cleanup(); // Off to a chat …
    renderFor(ME.Id); // … and back.
    expect(onlyMine().checked).toBe(true);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('RC-MEINER1')]);
    cleanup(); // Signed out; a colleague signs in on the same browser.
    renderFor(COLLEAGUE.Id);
    expect(onlyMine().checked).toBe(false);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    cleanup();
    // Switched off again, it stays off.
    renderFor(ME.Id);
    fireEvent.click(onlyMine());
    cleanup();
    renderFor(ME.Id);
    expect(onlyMine().checked).toBe(false);
  });

  /** The screen with a server that answers „Übernehmen“ as given: the list and the claim's outcome follow the answer. */
  function ClaimingScreen({ answer }: { answer: (id: string) => { callbacks: CallbackEntry[]; claim: WorkspaceState['callbackClaim'] } }) {
    const [state, setState] = useState<{ callbacks: CallbackEntry[]; claim: WorkspaceState['callbackClaim'] }>({
      callbacks: [callback('cb-open', 'RC-OFFEN01'), callback('cb-done', 'RC-ERLEDIG', { DoneAt: '2026-12-05T09:00:00.000Z', DoneBy: ME })],
      claim: null,
    });
    return <CallbacksScreen callbacks={state.callbacks} lawyerId={ME.Id} claim={state.claim} onDone={() => undefined} onClaim={(id) => setState(answer(id))} />;
  }

  it('should offer „Übernehmen“ only on open callbacks nobody’s yet, and read „Von Ihnen übernommen“ with a polite status once taken', () => {
    const onClaim = vi.fn((id: string) => ({
      callbacks: [callback(id, 'RC-OFFEN01', { AssignedLawyer: ME, Claimed: true })],
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
    expect(entryOf('RC-OFFEN01').getByText('Von Ihnen übernommen')).toBeTruthy();
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
            callbacks: [callback(id, 'RC-OFFEN01', { AssignedLawyer: COLLEAGUE, Claimed: true })],
            claim: { callbackId: id, claimed: false, message: 'Diesen Rückruf hat bereits Markus Hoffmann übernommen.' },
          })}
        />
      </I18nextProvider>,
    );
    fireEvent.click(entryOf('RC-OFFEN01').getByRole('button', { name: /übernehmen/ }));
    expect(entryOf('RC-OFFEN01').getByRole('alert').textContent).toBe('Diesen Rückruf hat bereits Markus Hoffmann übernommen.');
    expect(entryOf('RC-OFFEN01').getByText('Übernommen von Markus Hoffmann')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  /** The screen with a server that answers „Zurückgeben“ and the done box as given: the list follows the answer. */
  function ReleasingScreen({
    initial,
    answer,
    administrator = false,
  }: {
    initial: CallbackEntry[];
    answer: (id: string) => { callbacks: CallbackEntry[]; release: WorkspaceState['callbackRelease'] };
    administrator?: boolean;
  }) {
    const [state, setState] = useState<{ callbacks: CallbackEntry[]; release: WorkspaceState['callbackRelease'] }>({ callbacks: initial, release: null });
    return (
      <CallbacksScreen
        callbacks={state.callbacks}
        lawyerId={ME.Id}
        release={state.release}
        onDone={(id, done) =>
          setState((s) => ({
            ...s,
            callbacks: s.callbacks.map((c) => (c.Id === id ? { ...c, DoneAt: done ? '2026-12-07T19:15:00.000Z' : null, DoneBy: done ? ME : null } : c)),
          }))
        }
        onClaim={() => undefined}
        onRelease={(id) => setState(answer(id))}
        administrator={administrator}
      />
    );
  }

  it('should offer a plain lawyer „Zurückgeben“ only on their own open callbacks taken from the list, never on a colleague’s', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <ReleasingScreen
          initial={[
            callback('cb-taken', 'RC-GENOMME', { AssignedLawyer: ME, Claimed: true }),
            callback('cb-promised', 'RC-ZUGESAG', { AssignedLawyer: ME }),
            callback('cb-colleague', 'RC-KOLLEGE', { AssignedLawyer: COLLEAGUE, Claimed: true }),
            callback('cb-done', 'RC-ERLEDIG', { AssignedLawyer: ME, Claimed: true, DoneAt: '2026-12-05T09:00:00.000Z', DoneBy: ME }),
          ]}
          answer={() => ({ callbacks: [], release: null })}
        />
      </I18nextProvider>,
    );
    expect(entryOf('RC-GENOMME').getByRole('button', { name: 'Rückruf an +49 30 1234567 zurückgeben, Fall RC-GENOMME' })).toBeTruthy();
    for (const reference of ['RC-ZUGESAG', 'RC-KOLLEGE', 'RC-ERLEDIG']) expect(entryOf(reference).queryByRole('button', { name: /zurückgeben/ })).toBeNull();
  });

  it('should give a taken callback back, say so politely and move the focus to its „Übernehmen“', () => {
    const onRelease = vi.fn((id: string) => ({
      callbacks: [callback(id, 'RC-GENOMME')],
      release: { callbackId: id, released: true, message: null },
    }));
    render(
      <I18nextProvider i18n={createI18n()}>
        <ReleasingScreen initial={[callback('cb-taken', 'RC-GENOMME', { AssignedLawyer: ME, Claimed: true })]} answer={onRelease} />
      </I18nextProvider>,
    );
    const button = entryOf('RC-GENOMME').getByRole('button', { name: /zurückgeben/ });
    button.focus();
    fireEvent.click(button);
    expect(onRelease).toHaveBeenCalledWith('cb-taken');
    expect(entryOf('RC-GENOMME').getByText('Noch niemandem zugeordnet')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Sie haben den Rückruf an +49 30 1234567 zurückgegeben, Fall RC-GENOMME. Er ist wieder niemandem zugeordnet.',
    );
    expect(document.activeElement).toBe(entryOf('RC-GENOMME').getByRole('button', { name: /übernehmen/ }));
  });

  it('should move the focus to „Nur meine“ when the callback given back leaves the filtered list', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <ReleasingScreen
          initial={[callback('cb-taken', 'RC-GENOMME', { AssignedLawyer: ME, Claimed: true })]}
          answer={(id) => ({ callbacks: [callback(id, 'RC-GENOMME')], release: { callbackId: id, released: true, message: null } })}
        />
      </I18nextProvider>,
    );
    const onlyMine = screen.getByRole('switch', { name: 'Nur meine' });
    fireEvent.click(onlyMine);
    const button = entryOf('RC-GENOMME').getByRole('button', { name: /zurückgeben/ });
    button.focus();
    fireEvent.click(button);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(document.activeElement).toBe(onlyMine);
  });

  it('should let an administrator give back a colleague’s taken callback after a question naming the colleague', () => {
    const onRelease = vi.fn((id: string) => ({
      callbacks: [callback(id, 'RC-KOLLEGE')],
      release: { callbackId: id, released: true, message: null },
    }));
    render(
      <I18nextProvider i18n={createI18n()}>
        <ReleasingScreen
          administrator
          initial={[
            callback('cb-colleague', 'RC-KOLLEGE', { AssignedLawyer: COLLEAGUE, Claimed: true }),
            callback('cb-promised', 'RC-ZUGESAG', { AssignedLawyer: COLLEAGUE }),
          ]}
          answer={onRelease}
        />
      </I18nextProvider>,
    );
    // One promised in the chat stays the colleague's for an administrator too (the server refuses it).
    expect(entryOf('RC-ZUGESAG').queryByRole('button', { name: /zurückgeben/ })).toBeNull();
    const button = entryOf('RC-KOLLEGE').getByRole('button', { name: 'Rückruf an +49 30 1234567 zurückgeben, Fall RC-KOLLEGE' });
    button.focus();
    fireEvent.click(button);
    expect(onRelease).not.toHaveBeenCalled();
    const question = screen.getByRole('group', {
      name: 'Den Rückruf an +49 30 1234567, Fall RC-KOLLEGE, hat Markus Hoffmann übernommen. Möchten Sie ihn trotzdem zurückgeben? Er ist danach wieder niemandem zugeordnet.',
    });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // „Abbrechen“ has the focus: a second Enter must not take the callback away.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Ja, zurückgeben' }));
    expect(onRelease).toHaveBeenCalledWith('cb-colleague');
    expect(screen.queryByRole('group')).toBeNull();
    expect(entryOf('RC-KOLLEGE').getByText('Noch niemandem zugeordnet')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Sie haben den Rückruf an +49 30 1234567 zurückgegeben, Fall RC-KOLLEGE. Er ist wieder niemandem zugeordnet.',
    );
    expect(document.activeElement).toBe(entryOf('RC-KOLLEGE').getByRole('button', { name: /übernehmen/ }));
  });

  it('should leave a colleague’s callback with them when the administrator cancels the question, with Escape too, and ask nothing for the own one', () => {
    const onRelease = vi.fn((_id: string) => ({ callbacks: [], release: null }));
    render(
      <I18nextProvider i18n={createI18n()}>
        <ReleasingScreen
          administrator
          initial={[
            callback('cb-colleague', 'RC-KOLLEGE', { AssignedLawyer: COLLEAGUE, Claimed: true }),
            callback('cb-taken', 'RC-GENOMME', { AssignedLawyer: ME, Claimed: true }),
          ]}
          answer={onRelease}
        />
      </I18nextProvider>,
    );
    const button = entryOf('RC-KOLLEGE').getByRole('button', { name: /zurückgeben/ });
    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('group')).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.keyDown(within(screen.getByRole('group')).getByRole('button', { name: 'Abbrechen' }), { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(onRelease).not.toHaveBeenCalled();
    expect(entryOf('RC-KOLLEGE').getByText('Übernommen von Markus Hoffmann')).toBeTruthy();
    // The own taken callback goes back at once, as for every lawyer.
    fireEvent.click(entryOf('RC-GENOMME').getByRole('button', { name: /zurückgeben/ }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(onRelease).toHaveBeenCalledWith('cb-taken');
  });

  it('should show the server’s refusal at the entry when the callback cannot be given back', () => {
    const message = 'Ein erledigter Rückruf kann nicht zurückgegeben werden. Entfernen Sie zuerst das Häkchen bei „Erledigt“.';
    render(
      <I18nextProvider i18n={createI18n()}>
        <ReleasingScreen
          initial={[callback('cb-taken', 'RC-GENOMME', { AssignedLawyer: ME, Claimed: true })]}
          answer={(id) => ({
            callbacks: [callback(id, 'RC-GENOMME', { AssignedLawyer: ME, Claimed: true, DoneAt: '2026-12-07T19:15:00.000Z', DoneBy: COLLEAGUE })],
            release: { callbackId: id, released: false, message },
          })}
        />
      </I18nextProvider>,
    );
    fireEvent.click(entryOf('RC-GENOMME').getByRole('button', { name: /zurückgeben/ }));
    expect(entryOf('RC-GENOMME').getByRole('alert').textContent).toBe(message);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('should list open callbacks first and the done ones below under „Erledigt“, also with „Nur meine“', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <CallbacksScreen
          callbacks={[
            callback('cb-done-mine', 'RC-ERLEDIG1', { AssignedLawyer: ME, DoneAt: '2026-12-07T19:15:00.000Z', DoneBy: ME }),
            callback('cb-open-mine', 'RC-OFFEN001', { AssignedLawyer: ME }),
            callback('cb-done-colleague', 'RC-ERLEDIG2', { AssignedLawyer: COLLEAGUE, DoneAt: '2026-12-07T18:00:00.000Z', DoneBy: COLLEAGUE }),
            callback('cb-open-colleague', 'RC-OFFEN002', { AssignedLawyer: COLLEAGUE }),
          ]}
          lawyerId={ME.Id}
          onDone={() => undefined}
        />
      </I18nextProvider>,
    );
    const references = (name: string) =>
      within(screen.getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((li) => li.textContent?.match(/RC-\w+/)?.[0]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Offen', 'Erledigt']);
    expect(references('Offen')).toEqual(['RC-OFFEN001', 'RC-OFFEN002']);
    expect(references('Erledigt')).toEqual(['RC-ERLEDIG1', 'RC-ERLEDIG2']);
    fireEvent.click(screen.getByRole('switch', { name: 'Nur meine' }));
    expect(references('Offen')).toEqual(['RC-OFFEN001']);
    expect(references('Erledigt')).toEqual(['RC-ERLEDIG1']);
  });

  it('should move a callback marked done under „Erledigt“ with the focus on its box, and say so politely', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <ReleasingScreen initial={[callback('cb-1', 'RC-EINS0001'), callback('cb-2', 'RC-ZWEI0002')]} answer={() => ({ callbacks: [], release: null })} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('list', { name: 'Erledigt' })).toBeNull();
    const box = entryOf('RC-EINS0001').getByRole('checkbox');
    box.focus();
    fireEvent.click(box);
    const moved = within(screen.getByRole('list', { name: 'Erledigt' })).getByRole('checkbox');
    expect(moved.getAttribute('aria-label')).toBe('Rückruf an +49 30 1234567 erledigt, Fall RC-EINS0001');
    expect(document.activeElement).toBe(moved);
    expect(screen.getByRole('status').textContent).toBe('Der Rückruf an +49 30 1234567, Fall RC-EINS0001, steht jetzt unter „Erledigt“.');
    // Undone, it is back under „Offen“ – and so is the focus.
    fireEvent.click(moved);
    expect(document.activeElement).toBe(entryOf('RC-EINS0001').getByRole('checkbox'));
    expect(screen.queryByRole('list', { name: 'Erledigt' })).toBeNull();
  });
});
