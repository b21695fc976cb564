// Page frame (the skip link to #inhalt is the first element of index.html): footer skip link, header (the area's service
// name – serviceArea.ts –, optional action), <main id="inhalt">, footer.
// Plain elements styled by global.css, so the frame paints before any MUI code has loaded.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '../routing/Link.js';
import { FocusOnNavigate, MAIN_ID } from './FocusOnNavigate.js';
import { useServiceArea } from './serviceArea.js';
import { FOOTER_ID, SiteFooter } from './SiteFooter.js';
import { SkipLink } from './SkipLink.js';

export interface SiteLayoutProps {
  /** Rendered at the end of the header, e.g. the log-out button of the chat. */
  readonly headerAction?: ReactNode;
  readonly children: ReactNode;
}

export function SiteLayout({ headerAction, children }: SiteLayoutProps) {
  const { t } = useTranslation('common');
  const service = useServiceArea();
  return (
    <div className="site">
      <SkipLink targetId={FOOTER_ID}>{t('Layout.SkipToFooter')}</SkipLink>
      <FocusOnNavigate />
      {/* Header and main as one screen: the chat fills exactly the viewport with them, the footer below (global.css). */}
      <div className="site-screen">
        <header className="site-header">
          <div className="site-toolbar">
            <RouterLink to={service.homePath} className="site-name">
              {service.name}
            </RouterLink>
            {headerAction}
          </div>
        </header>
        <main id={MAIN_ID} tabIndex={-1} className="site-main">
          {children}
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
