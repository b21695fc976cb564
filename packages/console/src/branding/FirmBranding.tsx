// The firm's name and imprint in the console header: runtime settings (FIRM_NAME, IMPRINT_URL) read from the web
// origin's public settings (ProductApi port), so a restart of the server changes them without a rebuild.
import { useEffect, useState } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { firstValueFrom } from 'rxjs';
import { useTranslation } from 'react-i18next';
import type { ProductApi, PublicSettings } from '@rechtschat/core';

type Branding = Pick<PublicSettings, 'FirmName' | 'ImprintUrl'>;

/** Only http(s) addresses become links (the server validates IMPRINT_URL; this guards the page as well). */
const isHttpUrl = (value: string) => /^https?:\/\//i.test(value);

/** Nothing while loading or when the settings cannot be read: the header stays usable without them. */
export function FirmBranding({ productApi }: { readonly productApi: ProductApi }) {
  const { t } = useTranslation();
  const [branding, setBranding] = useState<Branding | null>(null);
  useEffect(() => {
    let live = true;
    void firstValueFrom(productApi.getPublicSettings()).then((result) => {
      if (live && result._tag === 'Right') setBranding({ FirmName: result.right.FirmName, ImprintUrl: result.right.ImprintUrl });
    });
    return () => {
      live = false;
    };
  }, [productApi]);
  if (branding === null) return null;
  return (
    <>
      <Typography variant="body2" component="p" data-testid="firm-name">
        {branding.FirmName}
      </Typography>
      {branding.ImprintUrl !== null && isHttpUrl(branding.ImprintUrl) && (
        <Link href={branding.ImprintUrl} target="_blank" rel="noopener noreferrer" color="inherit" variant="body2">
          {t('Console.Imprint')}
        </Link>
      )}
    </>
  );
}
