// Which of the two services a page belongs to – the chat or the digitale Fallakte: its name in the header and in the
// document title, and where that name leads. A client of the law firm who signed in to the case file must not find
// "Rechtsberatung im Chat" above the PIN login, nor be led into the chat by tapping it.
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_FILE_HOME_PATH } from './caseFileLoginPath.js';

interface ServiceArea {
  /** i18n key (namespace `common`, in the start chunk) of the service's name. */
  readonly nameKey: string;
  /** Where the name in the header leads. */
  readonly homePath: string;
}

const CHAT_SERVICE: ServiceArea = { nameKey: 'App.ServiceName', homePath: '/chat' };
export const CASE_FILE_SERVICE: ServiceArea = { nameKey: 'CaseFile.ServiceName', homePath: CASE_FILE_HOME_PATH };

/** Set by an area for its pages; everything else belongs to the chat. */
export const ServiceAreaContext = createContext<ServiceArea>(CHAT_SERVICE);

/**
 * History state of a link from the case file to a page both services share (Impressum, Barrierefreiheit,
 * Mandatsbedingungen): there the header goes on naming "Digitale Fallakte" and the footer the case file's own legal
 * texts, also after a reload (the state belongs to the history entry). The page said "Rechtsberatung im Chat", and
 * tapping that name led a client of the firm into the chat's dead end (phone tester).
 */
export const FROM_CASE_FILE = { serviceArea: 'casefile' } as const;

/** The area a shared page belongs to: the case file when its link said so (FROM_CASE_FILE), else the chat. */
export function sharedPageArea(state: unknown): ServiceArea {
  const fromCaseFile = typeof state === 'object' && state !== null && (state as { serviceArea?: unknown }).serviceArea === FROM_CASE_FILE.serviceArea;
  return fromCaseFile ? CASE_FILE_SERVICE : CHAT_SERVICE;
}

/** Whether the page belongs to the case file (its own pages, or a shared page reached from it). */
export function useInCaseFileArea(): boolean {
  return useContext(ServiceAreaContext) === CASE_FILE_SERVICE;
}

/** The current area's name (translated) and home path. */
export function useServiceArea(): { readonly name: string; readonly homePath: string } {
  const area = useContext(ServiceAreaContext);
  const { t } = useTranslation('common');
  return { name: t(area.nameKey), homePath: area.homePath };
}
