// The drawer's entries: primary pages, then contact, imprint, legal texts and logout.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from '../../routing/Link.js';
import { sharedPagePath } from '../../layout/serviceArea.js';
import { lawyerMenuKey, loginPath, overviewPath } from '@rechtschat/core';
import { useInjection } from '../../app/ContainerContext.js';
import { AppConfigToken } from '../../app/tokens.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseSteps } from './useCaseSteps.js';
import { UnreadBadge, useUnreadCounts } from '../unread/UnreadNews.js';

export interface CaseFileMenuProps {
  /** Called after an entry was chosen (the menu closes). */
  readonly onChoose: () => void;
  readonly onLogout: () => void;
  readonly loggingOut: boolean;
}

function Entry({
  to,
  end = false,
  onChoose,
  children,
}: {
  readonly to: string;
  readonly end?: boolean;
  readonly onChoose: () => void;
  readonly children: ReactNode;
}) {
  return (
    <li>
      {/* NavLink marks the current page with the class "active" and aria-current="page". */}
      <NavLink to={to} end={end} onClick={onChoose} className="casefile-menu__item">
        {children}
      </NavLink>
    </li>
  );
}

export function CaseFileMenu({ onChoose, onLogout, loggingOut }: CaseFileMenuProps) {
  const { t } = useTranslation('common');
  const { token, lawyer } = useCaseFileSession();
  const { imprintUrl } = useInjection(AppConfigToken);
  const base = overviewPath(token);
  const steps = useCaseSteps();
  const unread = useUnreadCounts();
  const state = (id: 'questionnaire' | 'powerOfAttorney' | 'documents') => {
    const step = steps?.find((s) => s.id === id);
    // On a closed case a step not done cannot be done any more: no state rather than „offen“.
    if (!step || (!step.done && !step.open)) return null;
    // Read out as „Dokumente – Status: offen“: „Dokumente offen“ sounded like a command to open them.
    return (
      <>
        {' '}
        <span className="visually-hidden">{t('CaseFile.Steps.StatePrefix')} </span>
        <span className={step.done ? 'casefile-menu__state casefile-menu__state--done' : 'casefile-menu__state'}>
          {t(step.done ? 'CaseFile.Steps.Done' : 'CaseFile.Steps.Open')}
        </span>
      </>
    );
  };
  return (
    <>
      <ul className="casefile-menu__list" aria-label={t('CaseFile.Shell.MenuLabel')}>
        <Entry to={base} end onChoose={onChoose}>
          {t('CaseFile.Menu.Home')}
        </Entry>
        <Entry to={`${base}/anwalt`} onChoose={onChoose}>
          {t(lawyerMenuKey(lawyer?.Gender))}
        </Entry>
        <Entry to={`${base}/falldaten`} onChoose={onChoose}>
          {t('CaseFile.Menu.CaseDetails')}
        </Entry>
        <Entry to={`${base}/persoenlich`} onChoose={onChoose}>
          {t('CaseFile.Menu.PersonalInfo')}
        </Entry>
        {/* The to-dos with their state ("erledigt" / "offen"; on a closed case only "erledigt"), reachable from every screen, not only the overview. */}
        <Entry to={`${loginPath(token)}/fragebogen`} onChoose={onChoose}>
          {t('CaseFile.Menu.Questionnaire')}
          {state('questionnaire')}
        </Entry>
        <Entry to={`${base}/vollmacht`} onChoose={onChoose}>
          {t('CaseFile.Menu.PowerOfAttorney')}
          {state('powerOfAttorney')}
        </Entry>
        <Entry to={`${base}/dokumente`} onChoose={onChoose}>
          {t('CaseFile.Menu.Documents')}
          {state('documents')}
          <UnreadBadge screen="documents" count={unread?.documents ?? 0} />
        </Entry>
        <Entry to={`${base}/verlauf`} onChoose={onChoose}>
          {t('CaseFile.Menu.History')}
        </Entry>
      </ul>
      <hr className="ui-divider" />
      <ul className="casefile-menu__list" aria-label={t('CaseFile.Shell.MoreLabel')}>
        <Entry to={`${base}/kontakt`} onChoose={onChoose}>
          {t('CaseFile.Menu.Contact')}
          <UnreadBadge screen="messages" count={unread?.messages ?? 0} />
        </Entry>
        <li>
          <a
            href={imprintUrl ?? sharedPagePath('/impressum', true)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onChoose}
            className="casefile-menu__item"
          >
            {t('CaseFile.Menu.Imprint')}
          </a>
        </li>
        <Entry to={`${base}/datenschutz`} onChoose={onChoose}>
          {t('CaseFile.Menu.Privacy')}
        </Entry>
        <li>
          <a href={sharedPagePath('/barrierefreiheit', true)} target="_blank" rel="noopener noreferrer" onClick={onChoose} className="casefile-menu__item">
            {t('CaseFile.Menu.Accessibility')}
          </a>
        </li>
        <Entry to={`${base}/nutzungsbedingungen`} onChoose={onChoose}>
          {t('CaseFile.Menu.Terms')}
        </Entry>
        <li>
          <button type="button" onClick={onLogout} disabled={loggingOut} className="casefile-menu__item">
            {t('CaseFile.Menu.Logout')}
          </button>
        </li>
      </ul>
    </>
  );
}
