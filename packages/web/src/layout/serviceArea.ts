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

/** The current area's name (translated) and home path. */
export function useServiceArea(): { readonly name: string; readonly homePath: string } {
  const area = useContext(ServiceAreaContext);
  const { t } = useTranslation('common');
  return { name: t(area.nameKey), homePath: area.homePath };
}
