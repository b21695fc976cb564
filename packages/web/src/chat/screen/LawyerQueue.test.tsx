// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState, type ComponentProps } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatViewState } from '@rechtschat/core';
import { ChatScreen } from './ChatScreen.js';
import { CallbackForm } from './CallbackForm.js';
import { callbackFieldOf } from './callbackFieldOf.js';
import { LawyerQueue } from './LawyerQueue.js';
import { fakeChatController, renderWithI18n } from './testSupport.js';

afterEach(cleanup);

// The form is a lazy chunk (LawyerQueue.tsx), fetched once the offer appears: loaded once here, so every test below
// finds it at once, as a person does who opens it after the prefetch.
beforeAll(async () => {
  renderQueue();
  fireEvent.click(screen.getByRole('button', { name: 'Rückruf vereinbaren' }));
  await screen.findByRole('form', { name: 'Rückruf vereinbaren' });
  cleanup();
});

const waiting: Partial<ChatViewState> = { phase: 1, waitingForLawyer: true, responseType: 'Text' };
/** Sunday 22 November 2026 in Berlin (CET, UTC+1). */
const berlin = (time: string) => Date.parse(`2026-11-22T${time}:00+01:00`);
const MORNING = berlin('09:00');

type QueueProps = Omit<ComponentProps<typeof LawyerQueue>, 'formOpen' | 'setFormOpen'>;

/** ChatScreen holds whether the form is open (it hides the chat input meanwhile); here a state of its own. */
function Queue(props: QueueProps) {
  const [formOpen, setFormOpen] = useState(false);
  return <LawyerQueue {...props} formOpen={formOpen} setFormOpen={setFormOpen} />;
}

// Most tests render the queue alone: the whole screen costs several times as much in jsdom.
function renderQueue(patch: Partial<QueueProps> = {}) {
  const props: QueueProps = {
    callbackOffered: true,
    queuePosition: null,
    expectedWaitMinutes: null,
    callbackRequested: false,
    busy: false,
    now: MORNING,
    errorKey: null,
    onDismissError: vi.fn(),
    requestCallback: vi.fn(() => ({ ok: true as const })),
    ...patch,
  };
  const view = renderWithI18n(<Queue {...props} />);
  const rerender = (next: Partial<QueueProps>) => view.rerender(<Queue {...props} {...next} />);
  return { props, rerender };
}

function openCallbackForm(patch: Partial<QueueProps> = {}) {
  const rendered = renderQueue(patch);
  fireEvent.click(screen.getByRole('button', { name: 'Rückruf vereinbaren' }));
  return rendered;
}

const form = () => screen.getByRole('form', { name: 'Rückruf vereinbaren' });
const phoneField = () => within(form()).getByRole('textbox', { name: /Telefonnummer/ });
const dateField = () => within(form()).getByLabelText(/Wunschtermin/) as HTMLInputElement;

describe('LawyerQueue', () => {
  it('should say where the request stands once the server reported it, and update it politely', () => {
    const { rerender } = renderQueue({ callbackOffered: false });
    const position = screen.getAllByRole('status').find((node) => node.classList.contains('chat-queue__position'));
    expect(position?.textContent).toBe('');
    rerender({ callbackOffered: false, queuePosition: 3 });
    expect(screen.getByText('Ihre Anfrage ist an Position 3 der Warteschlange.').getAttribute('role')).toBe('status');
    rerender({ callbackOffered: false, queuePosition: 1 });
    expect(screen.getByText('Ihre Anfrage ist als Nächste an der Reihe.')).toBeTruthy();
    // With enough recent waits the server adds the estimate; it is read out with the place.
    rerender({ callbackOffered: false, queuePosition: 2, expectedWaitMinutes: 6 });
    expect(position?.textContent).toBe('Ihre Anfrage ist an Position 2 der Warteschlange. Voraussichtliche Wartezeit: etwa 6 Minuten.');
    rerender({ callbackOffered: false, queuePosition: 1, expectedWaitMinutes: 1 });
    expect(position?.textContent).toBe('Ihre Anfrage ist als Nächste an der Reihe. Voraussichtliche Wartezeit: etwa eine Minute.');
  });

  it('should show the waiting notice on the screen and offer the callback once core says so', () => {
    const controller = fakeChatController(waiting);
    renderWithI18n(<ChatScreen controller={controller} />);
    expect(screen.getByRole('region', { name: 'Warten auf eine Anwältin oder einen Anwalt' }).textContent).toContain(
      'Bitte haben Sie einen Moment Geduld. Sobald eine Anwältin oder ein Anwalt Ihren Chat annimmt, geht es hier weiter.',
    );
    expect(screen.queryByRole('button', { name: 'Rückruf vereinbaren' })).toBeNull();
    act(() => controller.update({ callbackOffered: true }));
    expect(screen.getByText('Sie möchten nicht länger warten? Wir rufen Sie gerne zurück.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf vereinbaren' }));
    fireEvent.change(phoneField(), { target: { value: '030 1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf anfordern' }));
    // The day and the windows come from the controller's clock (the fake's: 22 November 2026, 09:00 in Berlin).
    expect(controller.requestCallback).toHaveBeenCalledWith({ phone: '030 1234567', date: '2026-11-22', slot: 'Availability1' });
  });

  it('should announce the callback offer politely when it appears, once, also after the form was opened and cancelled', () => {
    const { rerender } = renderQueue({ callbackOffered: false });
    const announcer = screen.getAllByRole('status').find((node) => node.classList.contains('visually-hidden'));
    // In the page before the offer, so a screen reader knows the live region when its text appears.
    expect(announcer?.textContent).toBe('');
    rerender({ callbackOffered: true });
    expect(announcer?.textContent).toBe('Sie können jetzt einen Rückruf vereinbaren, statt weiter zu warten.');
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf vereinbaren' }));
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    // The same node with the same text: nothing is read out again.
    expect(screen.getAllByRole('status')).toContain(announcer);
    expect(announcer?.textContent).toBe('Sie können jetzt einen Rückruf vereinbaren, statt weiter zu warten.');
  });

  it("should bring the form into view, focus the phone field and hide the chat's own input while the form is open", () => {
    // jsdom has no layout and no scrollIntoView: record the calls.
    const scrolled: Element[] = [];
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: HTMLElement) {
        scrolled.push(this);
      },
    });
    try {
      const controller = fakeChatController({ ...waiting, callbackOffered: true });
      renderWithI18n(<ChatScreen controller={controller} />);
      expect(screen.getByRole('textbox', { name: 'Ihre Nachricht' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Rückruf vereinbaren' }));
      expect(scrolled).toContain(form());
      expect(document.activeElement).toBe(phoneField());
      expect(screen.queryByRole('textbox', { name: 'Ihre Nachricht' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Senden' })).toBeNull();
      fireEvent.click(within(form()).getByRole('button', { name: 'Abbrechen' }));
      expect(screen.getByRole('textbox', { name: 'Ihre Nachricht' })).toBeTruthy();
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
    }
  });

  it('should confirm a requested callback instead of the form', () => {
    const { rerender } = openCallbackForm();
    rerender({ callbackRequested: true });
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText(/Ihr Rückrufwunsch wurde übermittelt/)).toBeTruthy();
  });

  it('should give the focus back to "Rückruf vereinbaren" when the form is cancelled', () => {
    openCallbackForm();
    fireEvent.click(within(form()).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rückruf vereinbaren' }));
  });

  it('should put the focus into the answer when a lawyer joins while it was on "Rückruf vereinbaren"', () => {
    const controller = fakeChatController({ ...waiting, callbackOffered: true });
    renderWithI18n(<ChatScreen controller={controller} />);
    screen.getByRole('button', { name: 'Rückruf vereinbaren' }).focus();
    act(() => controller.update({ waitingForLawyer: false, lawyerConnected: true }));
    // Not dropped to the page's start with the queue: the person can answer the lawyer at once.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Ihre Nachricht' }));
  });

  it('should put the focus into the answer and close the form when a lawyer joins while the callback form is open', () => {
    const controller = fakeChatController({ ...waiting, callbackOffered: true });
    renderWithI18n(<ChatScreen controller={controller} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf vereinbaren' }));
    expect(document.activeElement).toBe(phoneField());
    act(() => controller.update({ waitingForLawyer: false, lawyerConnected: true }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Ihre Nachricht' }));
    // Should the chat wait again (forwarded to a colleague), the queue starts with the offer, not a stale open form.
    act(() => controller.update({ waitingForLawyer: true, lawyerConnected: false }));
    expect(screen.getByRole('button', { name: 'Rückruf vereinbaren' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Rückruf vereinbaren' })).toBeNull();
  });

  it('should lead „Zur Eingabe springen“ into the callback form while it replaces the answer field, and back once it is closed', () => {
    const controller = fakeChatController({ ...waiting, callbackOffered: true });
    renderWithI18n(<ChatScreen controller={controller} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf vereinbaren' }));
    screen.getByRole('link', { name: 'Zum Chatverlauf springen' }).focus();
    fireEvent.click(screen.getByRole('link', { name: 'Zur Eingabe springen' }));
    expect(document.activeElement).toBe(phoneField());
    fireEvent.click(within(form()).getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(screen.getByRole('link', { name: 'Zur Eingabe springen' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Ihre Nachricht' }));
  });

  it('should leave the focus where it is when a lawyer joins while the person is elsewhere on the page', () => {
    const controller = fakeChatController({ ...waiting, callbackOffered: true });
    renderWithI18n(<ChatScreen controller={controller} />);
    const skipLink = screen.getByRole('link', { name: 'Zum Chatverlauf springen' });
    skipLink.focus();
    act(() => controller.update({ waitingForLawyer: false, lawyerConnected: true }));
    expect(document.activeElement).toBe(skipLink);
  });

  it('should show a core error below the notice while the form is closed', () => {
    const { props } = renderQueue({ errorKey: 'Chat.NotExpected' });
    expect(screen.getByRole('alert').textContent).toContain('Diese Eingabe ist gerade nicht möglich.');
    fireEvent.click(screen.getByRole('button', { name: 'Hinweis schließen' }));
    expect(props.onDismissError).toHaveBeenCalledTimes(1);
  });
});

describe('CallbackForm', () => {
  it('should label the time slots in German and default the date to today', () => {
    openCallbackForm({ now: MORNING });
    expect(dateField().value).toBe('2026-11-22');
    expect(dateField().min).toBe('2026-11-22');
    expect(screen.getByText('Gewählter Tag: 22.11.2026')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'vormittags (8–12 Uhr)' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'nachmittags (12–18 Uhr)' })).toBeTruthy();
  });

  it('should not offer a window of today that has already ended, but one that runs now', () => {
    const { props } = openCallbackForm({ now: berlin('16:13') });
    const morning = () => screen.queryByRole('radio', { name: 'vormittags (8–12 Uhr)' }) as HTMLInputElement | null;
    const afternoon = () => screen.getByRole('radio', { name: 'nachmittags (12–18 Uhr)' }) as HTMLInputElement;
    expect(dateField().value).toBe('2026-11-22');
    expect(morning()).toBeNull();
    expect(afternoon().checked).toBe(true);
    // Another day offers both windows; back on today the chosen morning gives way to the afternoon.
    fireEvent.change(dateField(), { target: { value: '2026-11-23' } });
    fireEvent.click(morning()!);
    expect(morning()?.checked).toBe(true);
    fireEvent.change(dateField(), { target: { value: '2026-11-22' } });
    expect(morning()).toBeNull();
    expect(afternoon().checked).toBe(true);
    fireEvent.change(phoneField(), { target: { value: '030 1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf anfordern' }));
    expect(props.requestCallback).toHaveBeenCalledWith({ phone: '030 1234567', date: '2026-11-22', slot: 'Availability2' });
  });

  it('should start at tomorrow morning once both windows of today are over', () => {
    openCallbackForm({ now: berlin('18:00') });
    expect(dateField().value).toBe('2026-11-23');
    expect(dateField().min).toBe('2026-11-23');
    expect((screen.getByRole('radio', { name: 'vormittags (8–12 Uhr)' }) as HTMLInputElement).checked).toBe(true);
  });

  it('should show a window of today that has ended under the time slots', () => {
    openCallbackForm({ now: berlin('12:30'), requestCallback: () => ({ ok: false, errorKey: 'Chat.CallbackSlotPassed' }) });
    fireEvent.change(phoneField(), { target: { value: '030 1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf anfordern' }));
    expect(screen.getByText('Dieses Zeitfenster ist heute schon vorbei. Bitte wählen Sie ein späteres Zeitfenster oder einen anderen Tag.')).toBeTruthy();
    expect(phoneField().getAttribute('aria-invalid')).toBeNull();
  });

  it('should send phone, day and slot to core', () => {
    const { props } = openCallbackForm();
    fireEvent.change(phoneField(), { target: { value: ' 030 1234567 ' } });
    fireEvent.change(dateField(), { target: { value: '2999-12-24' } });
    fireEvent.click(screen.getByRole('radio', { name: 'nachmittags (12–18 Uhr)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf anfordern' }));
    expect(props.requestCallback).toHaveBeenCalledWith({ phone: '030 1234567', date: '2999-12-24', slot: 'Availability2' });
    expect(screen.getByText('Gewählter Tag: 24.12.2999')).toBeTruthy();
  });

  it.each([
    ['Chat.PhoneRequired', 'Bitte geben Sie Ihre Telefonnummer ein.'],
    ['Chat.EnterValidPhoneNumber', 'Bitte geben Sie eine gültige Telefonnummer ein.'],
  ])('should show %s from core under the phone field until the number changes', (errorKey, text) => {
    openCallbackForm({ requestCallback: () => ({ ok: false, errorKey }) });
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf anfordern' }));
    expect(phoneField().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phoneField().getAttribute('aria-describedby') ?? '')?.textContent).toBe(text);
    fireEvent.change(phoneField(), { target: { value: '0' } });
    expect(screen.queryByText(text)).toBeNull();
  });

  it('should mark every wrong field at once when core rejects the form', () => {
    openCallbackForm({ now: MORNING, requestCallback: () => ({ ok: false, errorKey: 'Chat.PhoneRequired' }) });
    fireEvent.change(dateField(), { target: { value: '2026-11-21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf anfordern' }));
    expect(phoneField().getAttribute('aria-invalid')).toBe('true');
    expect(dateField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Bitte geben Sie Ihre Telefonnummer ein.')).toBeTruthy();
    expect(screen.getByText('Dieser Tag ist vorbei. Bitte wählen Sie einen späteren Tag.')).toBeTruthy();
  });

  it('should show a day in the past under the date field', () => {
    openCallbackForm({ requestCallback: () => ({ ok: false, errorKey: 'Chat.CallbackDateInPast' }) });
    fireEvent.change(phoneField(), { target: { value: '030 1234567' } });
    fireEvent.change(dateField(), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rückruf anfordern' }));
    expect(dateField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Dieser Tag ist vorbei. Bitte wählen Sie einen späteren Tag.')).toBeTruthy();
    expect(phoneField().getAttribute('aria-invalid')).toBeNull();
  });

  it('should move the focus from the pressed button to the first wrong field, so a screen reader says its error', () => {
    const requestCallback = vi
      .fn<QueueProps['requestCallback']>()
      .mockReturnValueOnce({ ok: false, errorKey: 'Chat.EnterValidPhoneNumber' })
      .mockReturnValueOnce({ ok: false, errorKey: 'Chat.CallbackDateInPast' });
    openCallbackForm({ now: MORNING, requestCallback });
    fireEvent.change(phoneField(), { target: { value: 'abc' } });
    fireEvent.change(dateField(), { target: { value: '2026-11-21' } });
    const submit = within(form()).getByRole('button', { name: 'Rückruf anfordern' });
    submit.focus();
    fireEvent.click(submit);
    expect(document.activeElement).toBe(phoneField());
    fireEvent.change(phoneField(), { target: { value: '030 1234567' } });
    submit.focus();
    fireEvent.click(submit);
    expect(document.activeElement).toBe(dateField());
  });

  it('should title the form with an h2 under the page heading (axe heading-order)', () => {
    openCallbackForm();
    expect(screen.getByRole('heading', { level: 2, name: 'Rückruf vereinbaren' }).id).toBe(form().getAttribute('aria-labelledby'));
  });

  it('should show Chat.CallbackFailed inside the open form', () => {
    const { rerender } = openCallbackForm();
    rerender({ errorKey: 'Chat.CallbackFailed' });
    expect(within(form()).getByRole('alert').textContent).toContain('Ihr Rückrufwunsch konnte leider nicht übermittelt werden');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('should disable the request button while busy', () => {
    renderWithI18n(<CallbackForm now={MORNING} busy failureKey={null} requestCallback={() => ({ ok: true })} onCancel={() => undefined} />);
    expect((screen.getByRole('button', { name: 'Rückruf anfordern' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('callbackFieldOf', () => {
  it("should place core's validation keys at their field and anything else at the form", () => {
    expect(
      [
        'Chat.PhoneRequired',
        'Chat.CallbackDateInPast',
        'Chat.CallbackDateRequired',
        'Chat.CallbackSlotRequired',
        'Chat.CallbackSlotPassed',
        'Chat.NotExpected',
      ].map(callbackFieldOf),
    ).toEqual(['phone', 'date', 'date', 'slot', 'slot', 'form']);
  });
});
