// Routes below /chat , framed by the layout with the log-out action.
import { Suspense, useMemo, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
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
            <Routes>
              <Route index element={<Navigate to="new" replace />} />
              <Route path="new" element={<NewChatPage />} />
              <Route path="rueckruf/:telephone?/:availability?" element={<CallbackConfirmationPage />} />
              <Route path="nutzungsbedingungen" element={<TermsOfUsePage />} />
              <Route path="datenschutz" element={<PrivacyPage />} />
              <Route path="ausserhalb-dienstzeit" element={<ChatServiceHoursPage />} />
              {followUp && <Route path="follow-up/*" element={<ServiceInfoPage service={followUp} />} />}
              <Route path=":caseId" element={<CaseChatPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Suspense>
        </AreaErrorBoundary>
      </SiteLayout>
    </OpenChatContext.Provider>
  );
}
