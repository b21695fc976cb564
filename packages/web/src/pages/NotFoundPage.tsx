import { useTranslation } from 'react-i18next';
import { PageHeading } from '../layout/PageHeading.js';

/**
 * German 404 page for every unknown path (plain elements, global.css). No button into the chat: a new consultation
 * needs the client's personal link, which this page cannot give – it says where that link comes from instead.
 */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeading>{t('NotFound.Title')}</PageHeading>
      <p className="text-block">{t('NotFound.Text')}</p>
    </>
  );
}
