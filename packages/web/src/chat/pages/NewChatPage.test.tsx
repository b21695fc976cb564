// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { NEVER, of } from 'rxjs';
import { err, httpError, ok } from '@rechtschat/core';
import { chatEntryMainHtml } from '../../../appShell.js';
import { chatPagesDe } from '../../i18n/de-DE/chatPages.js';
import { fakeProductApi, initialChatState, recordingController, renderApp } from '../../testSupport/app.js';

afterEach(cleanup);

describe('chat/new', () => {
  it('should render, while the session is checked, exactly the page top of the static frame (nothing moves when React takes over)', async () => {
    const productApi = fakeProductApi({ getCurrentUser: () => NEVER });
    renderApp('/chat/new?InsuranceNumber=MTIzNDU2', { productApi });
    await screen.findByText(chatPagesDe['ChatPages.New.Preparing']);
    const shell = chatEntryMainHtml({
      title: chatPagesDe['ChatPages.Title'],
      intro: chatPagesDe['ChatPages.Intro'],
      preparing: chatPagesDe['ChatPages.New.Preparing'],
    });
    expect(document.querySelector('main')?.innerHTML).toBe(shell);
  });

  it('should mark the page signed out while the session is checked, so the header shows no "Abmelden" that may vanish again', async () => {
    renderApp('/chat/new', { productApi: fakeProductApi({ getCurrentUser: () => NEVER }) });
    const preparing = await screen.findByText(chatPagesDe['ChatPages.New.Preparing']);
    expect(preparing.closest('.signed-out')).not.toBeNull();
  });

  it('should sign in from the InsuranceNumber link and then show the chat screen on /chat', async () => {
    let signedIn = false;
    const log: string[] = [];
    const productApi = fakeProductApi({
      getCurrentUser: () => of(ok(signedIn ? { Id: 'u1', Role: 'participant' as const } : null)),
      loginCustomer: () => {
        signedIn = true;
        return of(ok({ Id: 'u1', Role: 'participant' as const }));
      },
    });
    renderApp('/chat/new?InsuranceNumber=MTIzNDU2', { productApi, chatControllerFactory: () => recordingController(log) });
    // The first test to open the lazy chat screen waits for its modules' first transform (slow in jsdom).
    await waitFor(() => expect(log).toContain('start [{"route":"/chat/new"}]'), { timeout: 10_000 });
    expect(signedIn).toBe(true);
  });

  it("should show the insurer's display name above the chat when the firm set one, and nothing otherwise", async () => {
    const withInsurer = { Id: 'u1', Role: 'participant' as const, InsurerName: 'ARAG' };
    renderApp('/chat/new?InsuranceNumber=MTIzNDU2', {
      productApi: fakeProductApi({ getCurrentUser: () => of(ok(withInsurer)), loginCustomer: () => of(ok(withInsurer)) }),
      chatControllerFactory: () => recordingController([]),
    });
    expect(await screen.findByText('Ihr Zugang über: ARAG', {}, { timeout: 10_000 })).toBeTruthy();
    cleanup();
    const log: string[] = [];
    const without = { Id: 'u1', Role: 'participant' as const };
    renderApp('/chat/new?InsuranceNumber=MTIzNDU2', {
      productApi: fakeProductApi({ getCurrentUser: () => of(ok(without)), loginCustomer: () => of(ok(without)) }),
      chatControllerFactory: () => recordingController(log),
    });
    await waitFor(() => expect(log).toContain('start [{"route":"/chat/new"}]'), { timeout: 10_000 });
    expect(screen.queryByText(/Ihr Zugang über/)).toBeNull();
  });

  it('should lead the chat link of a participant whose chat still runs to that case chat, not to a new intake', async () => {
    const log: string[] = [];
    const inChat = { Id: 'u1', Role: 'participant' as const, CaseId: 'F-17', OpenChatCaseId: 'F-17' };
    const productApi = fakeProductApi({ getCurrentUser: () => of(ok(inChat)), loginCustomer: () => of(ok(inChat)) });
    renderApp('/chat/new?InsuranceNumber=MTIzNDU2', { productApi, chatControllerFactory: () => recordingController(log) });
    await waitFor(() => expect(log).toContain('start [{"caseId":"F-17","route":"/chat/F-17"}]'), { timeout: 10_000 });
    expect(log.filter((line) => line.startsWith('start'))).toEqual(['start [{"caseId":"F-17","route":"/chat/F-17"}]']);
  });

  it('should name a refused link once in the document title, as the heading is the service name itself', async () => {
    const productApi = fakeProductApi({
      getCurrentUser: () => of(ok(null)),
      loginCustomer: () => of(err(httpError(401, 'NotAuthenticated', 'Ungültig.'))),
    });
    renderApp('/chat/new?InsuranceNumber=MTIzNDU2', { productApi });
    expect(await screen.findByText(chatPagesDe['ChatPages.New.InvalidLink'])).toBeTruthy();
    expect(document.title).toBe(chatPagesDe['ChatPages.Title']);
  });

  it('should go to the out-of-hours page when the service is closed', async () => {
    const productApi = fakeProductApi({
      getServiceHours: () => of(ok({ IsOpen: false, TimeZone: 'Europe/Berlin', Hours: [{ Weekday: 2, From: '08:00', To: '18:00' }] })),
    });
    renderApp('/chat/new?InsuranceNumber=MTIzNDU2', { productApi });
    expect(await screen.findByText('Dienstag')).toBeTruthy();
    expect(document.querySelector('h1')?.textContent).toBe('Servicezeiten');
  });

  it('should start an existing case chat with its case id and dispose the controller when leaving', async () => {
    const log: string[] = [];
    const productApi = fakeProductApi({ getCurrentUser: () => of(ok({ Id: 'u1', Role: 'participant' as const })) });
    const { unmount } = renderApp('/chat/F-17', { productApi, chatControllerFactory: () => recordingController(log) });
    await waitFor(() => expect(log).toContain('start [{"caseId":"F-17","route":"/chat/F-17"}]'));
    unmount();
    expect(log).toContain('dispose');
  });

  it('should bring the chat screen and bot texts along with the lazily loaded chat screen', async () => {
    const welcome = {
      id: 'b1',
      kind: 'bot' as const,
      text: 'Bot.Welcome',
      isI18nKey: true,
      created: '2026-01-05T09:00:00Z',
      highlighted: false,
      pending: false,
    };
    const productApi = fakeProductApi({ getCurrentUser: () => of(ok({ Id: 'u1', Role: 'participant' as const })) });
    const controller = { ...recordingController([]), state$: of({ ...initialChatState, messages: [welcome] }) };
    renderApp('/chat/F-17', { productApi, chatControllerFactory: () => controller });
    expect(await screen.findByText('Guten Tag und herzlich willkommen bei der Rechtsberatung im Chat.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zum Chatverlauf springen' })).toBeTruthy();
  });
});
