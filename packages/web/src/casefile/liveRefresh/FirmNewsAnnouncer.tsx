// One polite live region for the whole signed-in Fallakte: what the live refresh found new from the firm („Neu von
// Ihrer Kanzlei: 1 Dokument.“, „Ihre Kanzlei hat geantwortet.“). It sits in the shell, present before any news, so
// screen readers announce the change; it never takes the focus. Outside the shell (a screen rendered alone) news is
// dropped.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirmNews } from '@rechtschat/core';

type Announce = (news: readonly FirmNews[]) => void;

const FirmNewsContext = createContext<Announce>(() => undefined);

/** Tells the firm's news of a refresh (nothing when the list is empty). */
export function useAnnounceFirmNews(): Announce {
  return useContext(FirmNewsContext);
}

export function FirmNewsAnnouncer({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation('common');
  // `n` changes with every announcement, so the same sentence twice is read twice (the text node is new).
  const [message, setMessage] = useState<{ readonly text: string; readonly n: number } | null>(null);
  const announce = useCallback<Announce>(
    (news) => {
      if (news.length === 0) return;
      const text = news.map((item) => t(item.key, { count: item.count })).join(' ');
      setMessage((previous) => ({ text, n: (previous?.n ?? 0) + 1 }));
    },
    [t],
  );
  const value = useMemo(() => announce, [announce]);
  return (
    <FirmNewsContext.Provider value={value}>
      {children}
      <div role="status" aria-live="polite" className="visually-hidden" data-testid="firm-news">
        {message && <span key={message.n}>{message.text}</span>}
      </div>
    </FirmNewsContext.Provider>
  );
}
