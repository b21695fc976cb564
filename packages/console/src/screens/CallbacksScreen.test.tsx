// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallbackEntry } from '@rechtschat/core';
import { createI18n } from '../i18n/i18n.js';
import { CallbacksScreen } from './CallbacksScreen.js';

afterEach(cleanup);

function callback(id: string, reference: string): CallbackEntry {
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
  };
}

describe('CallbacksScreen', () => {
  it('should name each done box by its case, so two callbacks to the same number are told apart', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <CallbacksScreen callbacks={[callback('cb-1', 'RC-GJHADW1W'), callback('cb-2', 'RC-RGG5ZFRW')]} onDone={() => undefined} />
      </I18nextProvider>,
    );
    const names = screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'));
    expect(names).toEqual(['Rückruf an +49 30 1234567 erledigt, Fall RC-GJHADW1W', 'Rückruf an +49 30 1234567 erledigt, Fall RC-RGG5ZFRW']);
  });
});
