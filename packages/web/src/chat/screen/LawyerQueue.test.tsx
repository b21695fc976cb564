// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatViewState } from '@rechtschat/core';
import { ChatScreen } from './ChatScreen.js';
import { CallbackForm } from './CallbackForm.js';
import { callbackFieldOf } from './callbackFieldOf.js';
import { calendarDayOf, formatCalendarDay } from './germanDates.js';
import { fakeChatController, renderWithI18n } from './testSupport.js';

afterEach(cleanup);

const waiting: Partial<ChatViewState> = { phase: 1, waitingForLawyer: true, responseType: 'Text' };

function openCallbackForm(patch: Partial<ChatViewState> = {}) {
  const controller = fakeChatController({ ...waiting, callbackOffered: true, ...patch });
  renderWithI18n(<ChatScreen controller={controller} />);
  fireEvent.click(screen.getByRole('button', { name: 'Rückruf vereinbaren' }));
  return controller;
}

const form = () => screen.getByRole('form', { name: 'Rückruf vereinbaren' });
const phoneField = () => within(form()).getByRole('textbox', { name: /Telefonnummer/ });
const dateField = () => within(form()).getByLabelText(/Wunschtermin/) as HTMLInputElement;

describe('LawyerQueue', () => {
  it('should show the waiting notice without a callback offer at first', () => {
    renderWithI18n(<ChatScreen controller={fakeChatController(waiting)} />);
    expect(screen.getByRole('region', { name: 'Warten auf eine Anwältin oder einen Anwalt' }).textContent).toContain('Bitte haben Sie einen Moment Geduld.');
    expect(screen.queryByRole('button', { name: 'Rückruf vereinbaren' })).toBeNull();
  });

  it('should offer the callback once core says so', () => {
    const controller = fakeChatController(waiting);
    renderWithI18n(<ChatScreen controller={controller} />);
    act(() => controller.update({ callbackOffered: true }));
    expect(screen.getByText('Sie möchten nicht länger warten? Wir rufen Sie gerne zurück.')).toBeTruthy();
  });

  it('should confirm a requested callback instead of the form', () => {
    const controller = openCallbackForm();
    act(() => controller.update({ callbackRequested: true }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText(/Ihr Rückrufwunsch wurde übermittelt/)).toBeTruthy();
  });
});

describe('CallbackForm', () => {
  it('should label the time slots in German and default the date to today', () => {
    openCallbackForm();
    const today = calendarDayOf(new Date());
    expect(dateField().value).toBe(today);
    expect(dateField().min).toBe(today);
    expect(screen.getByText(`Gewählter Tag: ${formatCalendarDay(today)}`)).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'vormittags (8–12 Uhr)' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'nachmittags (12–18 Uhr)' })).toBeTruthy();
  });

  it('should send phone, day and slot to core', () => {
    const controller = openCallbackForm();
    fireEvent.change(phoneField(), { target: { value: ' 030 1234567 ' } });
    fireEvent.change(dateField(), { target: { value: '2999-12-24' } });
    fireEvent.click(screen.getByRole('radio', { name: 'nachmittags (12–18 Uhr)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf anfordern' }));
    expect(controller.requestCallback).toHaveBeenCalledWith({ phone: '030 1234567', date: '2999-12-24', slot: 'Availability2' });
    expect(screen.getByText('Gewählter Tag: 24.12.2999')).toBeTruthy();
  });

  it.each([
    ['Chat.PhoneRequired', 'Bitte geben Sie Ihre Telefonnummer ein.'],
    ['Chat.EnterValidPhoneNumber', 'Bitte geben Sie eine gültige Telefonnummer ein.'],
  ])('should show %s from core under the phone field', (errorKey, text) => {
    const controller = openCallbackForm();
    controller.requestCallback.mockReturnValue({ ok: false, errorKey });
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf anfordern' }));
    expect(phoneField().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phoneField().getAttribute('aria-describedby') ?? '')?.textContent).toBe(text);
    fireEvent.change(phoneField(), { target: { value: '0' } });
    expect(screen.queryByText(text)).toBeNull();
  });

  it('should show a day in the past under the date field', () => {
    const controller = openCallbackForm();
    controller.requestCallback.mockReturnValue({ ok: false, errorKey: 'Chat.CallbackDateInPast' });
    fireEvent.change(phoneField(), { target: { value: '030 1234567' } });
    fireEvent.change(dateField(), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf anfordern' }));
    expect(dateField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Bitte wählen Sie heute oder einen späteren Tag.')).toBeTruthy();
    expect(phoneField().getAttribute('aria-invalid')).toBe('false');
  });

  it('should show Chat.CallbackFailed inside the open form', () => {
    const controller = openCallbackForm();
    act(() => controller.update({ errorKey: 'Chat.CallbackFailed' }));
    expect(within(form()).getByRole('alert').textContent).toContain('Ihr Rückrufwunsch konnte leider nicht übermittelt werden');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('should disable the request button while busy', () => {
    renderWithI18n(<CallbackForm today="2026-11-22" busy failureKey={null} requestCallback={() => ({ ok: true })} onCancel={() => undefined} />);
    expect((screen.getByRole('button', { name: 'Rückruf anfordern' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('callbackFieldOf', () => {
  it('should place core\'s validation keys at their field and anything else at the form', () => {
    expect(['Chat.PhoneRequired', 'Chat.CallbackDateInPast', 'Chat.CallbackDateRequired', 'Chat.CallbackSlotRequired', 'Chat.NotExpected'].map(callbackFieldOf)).toEqual([
      'phone',
      'date',
      'date',
      'slot',
      'form',
    ]);
  });
});

describe('calendarDayOf', () => {
  it('should give the Berlin calendar day, which is ahead of UTC shortly before midnight', () => {
    expect(calendarDayOf(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(calendarDayOf(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
  });
});
