// The entry logic of chat/new: load the user; with an InsuranceNumber link, check office
// hours, sign in as customer with all consents, open the chat host session, then go to /chat – or, when
// the participant's consultation is still running, back into it (/chat/{caseId}) instead of a new intake.
import { defer, forkJoin, map, of, switchMap, type Observable } from 'rxjs';
import { type AppError, type Call, type ChatHostApi, type CurrentUser, type KeyValueStorage, type ProductApi, type Result } from '@rechtschat/core';
import { forgetChatPersonData } from './chatTabData.js';

export type NewChatOutcome =
  | { readonly kind: 'showChat'; readonly user: CurrentUser }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'outsideServiceHours' }
  | { readonly kind: 'notSignedIn' }
  /** The link itself is broken, expired or used: no retry helps, and nobody was signed in by it. */
  | { readonly kind: 'invalidLink'; readonly error?: AppError }
  | { readonly kind: 'failed'; readonly messageKey: string; readonly error?: AppError };

export interface EntryPorts {
  readonly productApi: ProductApi;
  readonly chatHostApi: ChatHostApi;
  readonly storage: KeyValueStorage;
}

/** Marks which user already holds a chat host session in this tab, so a reload needs no new ticket. */
export const CHAT_HOST_SESSION_KEY = 'rechtschat.chatHostSession';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$|^[A-Za-z0-9_-]+={0,2}$/;

/** True for standard or URL-safe base64 of sensible length. */
export function isBase64(value: string): boolean {
  return value.length > 0 && value.length <= 4096 && BASE64.test(value);
}

/**
 * The user who signed in with the link a moment ago, handed from the sign-in to the chat/new that the
 * redirect leads to, so that it need not be loaded again on the way (one round trip less
 * before the chat shows). Kept in memory only: a reload loads the user from the server as before.
 */
export const signInHandOver = {
  user: null as CurrentUser | null,
  /** Returns the handed-over user once; later calls get null. */
  take(): CurrentUser | null {
    const user = this.user;
    this.user = null;
    return user;
  },
};

/**
 * Where the chat link leads a signed-in participant: back into their running consultation (a chat
 * waiting for or talking to a lawyer, with its whole transcript), otherwise to a new intake.
 */
export function chatEntryPath(user: CurrentUser): string {
  return user.OpenChatCaseId ? `/chat/${encodeURIComponent(user.OpenChatCaseId)}` : '/chat';
}

function hasRunningChat(user: Result<CurrentUser | null>): boolean {
  return user._tag === 'Right' && Boolean(user.right?.OpenChatCaseId);
}

/** One-time ticket from the product API, then api/login on the chat host. */
export function openChatHostSession(ports: EntryPorts, userId: string): Call<void> {
  // The chat host address (cached by the adapter) is fetched beside the ticket, not after it.
  return forkJoin([ports.productApi.getChatSessionTicket(), ports.productApi.getChatUrl()]).pipe(
    switchMap(([ticket]) => (ticket._tag === 'Left' ? of(ticket) : ports.chatHostApi.login(ticket.right))),
    map((result) => {
      if (result._tag !== 'Right') return result;
      // Another person in this tab: an unfinished onboarding or unsent text of the previous one must not show up.
      if (ports.storage.get(CHAT_HOST_SESSION_KEY) !== userId) forgetChatPersonData(ports.storage);
      ports.storage.set(CHAT_HOST_SESSION_KEY, userId);
      return result;
    }),
  );
}

/** Unreachable server or a login problem: the participant can only act on the first by retrying later. */
function failed(error: AppError): NewChatOutcome {
  const unreachable = error._tag === 'NetworkError' || error._tag === 'Timeout' || (error._tag === 'HttpError' && error.status >= 502 && error.status <= 504);
  return { kind: 'failed', messageKey: unreachable ? 'ChatPages.New.Unreachable' : 'ChatPages.New.LoginFailed', error };
}

function ensureChatHostSession(ports: EntryPorts, user: CurrentUser): Observable<NewChatOutcome> {
  if (ports.storage.get(CHAT_HOST_SESSION_KEY) === user.Id) return of({ kind: 'showChat', user });
  return openChatHostSession(ports, user.Id).pipe(
    map((result): NewChatOutcome => (result._tag === 'Right' ? { kind: 'showChat', user } : failed(result.left))),
  );
}

function loginWithInsuranceNumber(ports: EntryPorts, insuranceNumber: string): Observable<NewChatOutcome> {
  // The user is loaded first; the office hours are read at the same time, both only read.
  return forkJoin([ports.productApi.getCurrentUser(), ports.productApi.getServiceHours()]).pipe(
    switchMap(([signedIn, hours]): Observable<NewChatOutcome> => {
      if (hours._tag === 'Left') return of(failed(hours.left));
      // After hours only a consultation still running in this browser goes on; the server checks that the
      // link's person is the one whose chat runs (and refuses anyone else with OutsideServiceHours).
      if (!hours.right.IsOpen && !hasRunningChat(signedIn)) return of({ kind: 'outsideServiceHours' });
      return ports.productApi.loginCustomer({ InsuranceNumber: insuranceNumber, AgreedPrivacy: true, AgreedTermsOfService: true }).pipe(
        switchMap((login): Observable<NewChatOutcome> => {
          if (login._tag === 'Right') {
            const user = login.right;
            // The chat ended meanwhile: after hours there is nothing to go back to, and no new chat.
            if (!hours.right.IsOpen && !user.OpenChatCaseId) return of({ kind: 'outsideServiceHours' });
            // On to the chat whether or not the chat host session opened: the link is used up now (single-use), so
            // a failure is shown – and retried – on the page without it, which opens the session from the web session.
            return openChatHostSession(ports, user.Id).pipe(
              map((): NewChatOutcome => {
                signInHandOver.user = user;
                return { kind: 'redirect', to: chatEntryPath(user) };
              }),
            );
          }
          const refused = loginFailure(login.left);
          // The link was used already – clicked again in the mail, opened in a second tab – while this browser's
          // consultation still runs: back into it instead of „Der aufgerufene Link ist ungültig“ with no way on.
          if (refused.kind === 'invalidLink' && signedIn._tag === 'Right' && signedIn.right?.OpenChatCaseId) {
            const running = signedIn.right;
            return ensureChatHostSession(ports, running).pipe(
              map((outcome): NewChatOutcome => (outcome.kind === 'showChat' ? { kind: 'redirect', to: chatEntryPath(running) } : outcome)),
            );
          }
          return of(refused);
        }),
      );
    }),
  );
}

function loginFailure(error: AppError): NewChatOutcome {
  if (error._tag !== 'HttpError') return failed(error);
  if (error.code === 'OutsideServiceHours') return { kind: 'outsideServiceHours' };
  // The entry token was rejected (expired, used, forged): the link is the problem, not the user.
  if (error.status >= 400 && error.status < 500) return { kind: 'invalidLink', error };
  return failed(error);
}

/** chat/new: emits exactly one outcome. `insuranceNumber` is the raw query value (base64), or null. */
export function enterNewChat(ports: EntryPorts, insuranceNumber: string | null): Observable<NewChatOutcome> {
  if (insuranceNumber !== null && isBase64(insuranceNumber)) return loginWithInsuranceNumber(ports, insuranceNumber);
  return defer(() => {
    const handedOver = signInHandOver.take();
    return handedOver !== null && insuranceNumber === null ? newChatFor(ports, handedOver) : loadUserFirst(ports, insuranceNumber, newChatFor);
  });
}

/** chat/{caseId}: the signed-in participant with a chat host session; emits exactly one outcome. */
export function enterCaseChat(ports: EntryPorts): Observable<NewChatOutcome> {
  return defer(() => {
    const handedOver = signInHandOver.take();
    return handedOver !== null ? ensureChatHostSession(ports, handedOver) : loadUserFirst(ports, null, ensureChatHostSession);
  });
}

/** A new intake – unless the participant's consultation still runs: then back into that chat (once, not a second case). */
function newChatFor(ports: EntryPorts, user: CurrentUser): Observable<NewChatOutcome> {
  const path = chatEntryPath(user);
  if (path === '/chat') return ensureChatHostSession(ports, user);
  signInHandOver.user = user;
  return of({ kind: 'redirect', to: path });
}

function loadUserFirst(
  ports: EntryPorts,
  insuranceNumber: string | null,
  show: (ports: EntryPorts, user: CurrentUser) => Observable<NewChatOutcome>,
): Observable<NewChatOutcome> {
  return ports.productApi.getCurrentUser().pipe(
    switchMap((user): Observable<NewChatOutcome> => {
      if (insuranceNumber !== null) return of({ kind: 'invalidLink' });
      if (user._tag === 'Left') return of(failed(user.left));
      return user.right === null ? of({ kind: 'notSignedIn' }) : show(ports, user.right);
    }),
  );
}
