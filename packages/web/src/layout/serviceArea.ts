// Which of the two services a page belongs to – the chat or the digitale Fallakte: its name in the header and in the
// document title, and where that name leads. A client of the law firm who signed in to the case file must not find
// "Rechtsberatung im Chat" above the PIN login, nor be led into the chat by tapping it.
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_FILE_HOME_PATH, FROM_CASE_FILE_QUERY } from './caseFileLoginPath.js';

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
 * The query a link from the case file gives a page both services share (Impressum, Barrierefreiheit,
 * Mandatsbedingungen): there the header goes on naming "Digitale Fallakte" and the footer the case file's own legal
 * texts. The page said "Rechtsberatung im Chat", and tapping that name led a client of the firm into the chat's dead
 * end (phone tester). In the address, not in the history entry's state: the signed-in menu opens these pages in a new
 * window, which has no state, and a reload or a bookmark keeps the address. Only this one value counts.
 */
const FROM_CASE_FILE_PARAM = FROM_CASE_FILE_QUERY.name;
const FROM_CASE_FILE_VALUE = FROM_CASE_FILE_QUERY.value;

/** A shared page's path (`/impressum`), as a link from the case file gives it; elsewhere the plain path. */
export function sharedPagePath(path: string, fromCaseFile: boolean): string {
  return fromCaseFile ? `${path}?${FROM_CASE_FILE_PARAM}=${FROM_CASE_FILE_VALUE}` : path;
}

/** The area a shared page belongs to: the case file when its address says so (sharedPagePath), else the chat. */
export function sharedPageArea(search: string): ServiceArea {
  return new URLSearchParams(search).get(FROM_CASE_FILE_PARAM) === FROM_CASE_FILE_VALUE ? CASE_FILE_SERVICE : CHAT_SERVICE;
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
