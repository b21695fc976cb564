// The page's h1; also sets the document title so screen-reader users hear where they are.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Renders the visible h1 and mirrors it into document.title. */
export function PageHeading({ children }: { readonly children: string }) {
  const { t } = useTranslation('common');
  const serviceName = t('App.ServiceName');
  useEffect(() => {
    document.title = `${children} – ${serviceName}`;
  }, [children, serviceName]);
  return <h1 className="page-heading">{children}</h1>;
}
