import { useEffect, useState } from 'react';
import { from } from 'rxjs';
import { isOk, ok } from '@rechtschat/core';
import type { Call } from '@rechtschat/core';
import type { AgentImageLoader } from './chatScreenServices.js';

/** Lawyer thumbnail size. */
export const AGENT_IMAGE_SIZE = 35;

interface AgentImageProps {
  readonly chatId: string;
  readonly authorId: string;
  readonly authorName: string;
  readonly load: AgentImageLoader;
}

/** The lawyer's 35×35 thumbnail; shows the initial while loading or when no image exists. */
export function AgentImage({ chatId, authorId, authorName, load }: AgentImageProps) {
  const [loaded, setLoaded] = useState<{ readonly key: string; readonly url: string } | null>(null);
  const key = `${chatId}/${authorId}`;

  useEffect(() => {
    const pending = load(chatId, authorId);
    const result$: Call<string> = pending instanceof Promise ? from(pending.then((url) => ok(url))) : pending;
    const subscription = result$.subscribe({
      next: (result) => {
        if (isOk(result) && result.right) setLoaded({ key: `${chatId}/${authorId}`, url: result.right });
      },
      // A missing thumbnail is cosmetic: the initial stays visible.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [load, chatId, authorId]);

  const url = loaded?.key === key ? loaded.url : undefined;
  // The name is printed next to the image, so the image itself is decorative.
  return url ? (
    <img src={url} alt="" width={AGENT_IMAGE_SIZE} height={AGENT_IMAGE_SIZE} className="chat-agent" />
  ) : (
    <span aria-hidden="true" className="chat-agent chat-agent--initial">
      {authorName.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
