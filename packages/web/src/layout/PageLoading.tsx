import { useTranslation } from 'react-i18next';

/** Suspense fallback while a lazily loaded page arrives (plain CSS: it is shown before MUI has loaded). */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="page-loading">
      <span role="progressbar" aria-label={t('App.Loading')} className="spinner" />
    </div>
  );
}
