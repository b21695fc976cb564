// Routes below /chat (first match wins: literal paths before :caseId), framed by the layout with the log-out action.
import { Suspense, useMemo, useState } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { AreaErrorBoundary } from '../../app/AreaErrorBoundary.js';
import { lazyPage } from '../../app/lazyPage.js';
import { PageLoading } from '../../layout/PageLoading.js';
import { SiteLayout } from '../../layout/SiteLayout.js';
import { NotFoundPage } from '../../pages/NotFoundPage.js';
import { SERVICE_PAGES } from '../../pages/services.js';
import { CaseChatPage, NewChatPage } from './ChatEntryPage.js';
import { OpenChatContext, type OpenChat } from '../screen/openChatContext.js';
import { ChatLogoutButton } from './ChatLogoutButton.js';

const CallbackConfirmationPage = lazyPage(() => import('./CallbackConfirmationPage.js').then((m) => m.CallbackConfirmationPage));
const ServiceInfoPage = lazyPage(() => import('../../pages/ServiceInfoPage.js').then((m) => m.ServiceInfoPage));
const TermsOfUsePage = lazyPage(() => import('../../legal/LegalPages.js').then((m) => m.TermsOfUsePage));
const PrivacyPage = lazyPage(() => import('../../legal/LegalPages.js').then((m) => m.PrivacyPage));
const ChatServiceHoursPage = lazyPage(() => import('./ChatServiceHoursPage.js').then((m) => m.ChatServiceHoursPage));

const followUp = SERVICE_PAGES.find((s) => s.path === 'follow-up');

export function ChatArea() {
  const [openChat, setOpenChat] = useState<OpenChat>('none');
  const openChatSlot = useMemo(() => ({ openChat, setOpenChat }), [openChat]);
  return (
    <OpenChatContext.Provider value={openChatSlot}>
      <SiteLayout headerAction={<ChatLogoutButton />}>
        <AreaErrorBoundary area="chat">
          <Suspense fallback={<PageLoading />}>
            <Switch>
              <Route path="/chat">
                <Redirect to="/chat/new" replace />
              </Route>
              <Route path="/chat/new">
                <NewChatPage />
              </Route>
              <Route path="/chat/rueckruf/:telephone?/:availability?">
                <CallbackConfirmationPage />
              </Route>
              <Route path="/chat/nutzungsbedingungen">
                <TermsOfUsePage />
              </Route>
              <Route path="/chat/datenschutz">
                <PrivacyPage />
              </Route>
              <Route path="/chat/ausserhalb-dienstzeit">
                <ChatServiceHoursPage />
              </Route>
              {followUp && (
                <Route path="/chat/follow-up/*?">
                  <ServiceInfoPage service={followUp} />
                </Route>
              )}
              <Route path="/chat/:caseId">
                <CaseChatPage />
              </Route>
              <Route path="/chat/*">
                <NotFoundPage />
              </Route>
            </Switch>
          </Suspense>
        </AreaErrorBoundary>
      </SiteLayout>
    </OpenChatContext.Provider>
  );
}
