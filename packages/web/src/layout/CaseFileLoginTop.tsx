// The top of the case-file login ({urlToken}): heading and a note on the PIN. In the start chunk, not in the
// lazily loaded case-file area, so the area's loading state shows it too; the static page frame of a
// case-file link carries the same markup (packages/web/appShell.ts), so it stays in place from the first
// paint to the PIN form.
import { useTranslation } from 'react-i18next';
import { PageHeading } from './PageHeading.js';

export function CaseFileLoginTop() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeading>{t('CaseFile.Login.Title')}</PageHeading>
      <p className="text-block">{t('CaseFile.Login.Intro')}</p>
    </>
  );
}
