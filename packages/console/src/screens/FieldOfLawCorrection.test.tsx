// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatTab } from '@rechtschat/core';
import { createI18n } from '../i18n/i18n.js';
import { chatTab } from '../testSupport/fakes.js';
import { ChatScreen } from './ChatScreen.js';

afterEach(cleanup);

const CONSUMER = 'Verbraucherrecht (Online-Kauf, Abos, Widerruf, Inkasso)';

function setUp(tab: ChatTab) {
  const onChangeFieldOfLaw = vi.fn();
  const i18n = createI18n();
  const screenFor = (next: ChatTab) => (
    <I18nextProvider i18n={i18n}>
      <ChatScreen
        tab={next}
        lawyerId="law-1"
        colleagues={[]}
        fileUrl={(id) => `/files/${id}`}
        onDraft={() => undefined}
        onSend={() => undefined}
        onAskPhone={() => undefined}
        onUpload={() => undefined}
        onClose={() => undefined}
        onForward={() => undefined}
        onLoadColleagues={() => undefined}
        onDismiss={() => undefined}
        onCreateCaseFile={() => undefined}
        onChangeFieldOfLaw={onChangeFieldOfLaw}
      />
    </I18nextProvider>
  );
  const view = render(screenFor(tab));
  return { onChangeFieldOfLaw, rerender: (next: ChatTab) => view.rerender(screenFor(next)) };
}

/** Opens the select and picks the field by its name, as a mouse or the keyboard's Enter on the option would. */
function choose(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rechtsgebiet' }));
  fireEvent.click(screen.getByRole('option', { name }));
}

describe('FieldOfLawCorrection: the lawyer corrects the field of law in „Angaben aus dem Chatbot“', () => {
  it('should offer every field under „Rechtsgebiet“, send the choice and announce the stored field politely', () => {
    const tab = chatTab();
    const { onChangeFieldOfLaw, rerender } = setUp(tab);
    const change = screen.getByRole('button', { name: 'Rechtsgebiet ändern' });
    expect(change.textContent).toBe('Ändern');
    fireEvent.click(change);

    const select = screen.getByRole('combobox', { name: 'Rechtsgebiet' });
    expect(document.activeElement).toBe(select);
    fireEvent.mouseDown(select);
    expect(screen.getAllByRole('option')).toHaveLength(12);
    fireEvent.click(screen.getByRole('option', { name: CONSUMER }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onChangeFieldOfLaw).toHaveBeenCalledWith(10);

    rerender({ ...tab, fieldOfLawStatus: 'saving' });
    expect(screen.getByRole('button', { name: 'Wird gespeichert …' }).hasAttribute('disabled')).toBe(true);
    act(() => rerender({ ...tab, facts: { ...tab.facts, FieldOfLaw: 10, FieldOfLawLongName: CONSUMER }, fieldOfLawStatus: 'saved' }));
    expect(screen.queryByRole('combobox', { name: 'Rechtsgebiet' })).toBeNull();
    const announced = screen.getByText(`Das Rechtsgebiet ist geändert: ${CONSUMER}.`);
    expect(announced.getAttribute('role')).toBe('status');
    expect(announced.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText(CONSUMER)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rechtsgebiet ändern' }));
  });

  it('should show a refusal in German under the select, which names it, and keep the form open', () => {
    const tab = chatTab();
    const { rerender } = setUp(tab);
    fireEvent.click(screen.getByRole('button', { name: 'Rechtsgebiet ändern' }));
    choose('Strafrecht und Strafverfahren');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    act(() => rerender({ ...tab, fieldOfLawStatus: 'failed', fieldOfLawError: 'Bitte wählen Sie ein Rechtsgebiet aus der Liste.' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Bitte wählen Sie ein Rechtsgebiet aus der Liste.');
    expect(screen.getByRole('combobox', { name: 'Rechtsgebiet' }).getAttribute('aria-describedby')).toContain(alert.id);

    // Any other failure: the console's own text.
    act(() => rerender({ ...tab, fieldOfLawStatus: 'failed', fieldOfLawError: null }));
    expect(screen.getByRole('alert').textContent).toBe('Das Rechtsgebiet konnte nicht geändert werden. Bitte versuchen Sie es erneut.');
  });

  it('should leave the field as it was on „Abbrechen“ and send nothing for an unchanged choice', () => {
    const { onChangeFieldOfLaw } = setUp(chatTab());
    fireEvent.click(screen.getByRole('button', { name: 'Rechtsgebiet ändern' }));
    choose('Erbrecht (Testament, Pflichtteil, Erbschaft)');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.getByText('Miet- und Wohnungseigentumsrecht')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rechtsgebiet ändern' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rechtsgebiet ändern' }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onChangeFieldOfLaw).not.toHaveBeenCalled();
    expect(screen.queryByRole('combobox', { name: 'Rechtsgebiet' })).toBeNull();
  });
});
