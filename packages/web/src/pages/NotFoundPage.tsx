import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../layout/PageHeading.js';

/** German 404 page for every unknown path (plain elements, global.css). */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeading>{t('NotFound.Title')}</PageHeading>
      <p className="text-block">{t('NotFound.Text')}</p>
      <RouterLink className="button button-contained" to="/chat/new">
        {t('NotFound.StartChat')}
      </RouterLink>
    </>
  );
}
