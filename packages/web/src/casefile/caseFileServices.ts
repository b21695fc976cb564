// The ports every case-file screen uses, resolved once per component from the container.
import { useMemo } from 'react';
import { asyncScheduler } from 'rxjs';
import { useNavigate } from '../routing/AppRouter.js';
import { CaseFileSessionActivity, type CaseFileAuthApi, type CaseFileContentApi, type KeyValueStorage, type Logger, type Navigator } from '@rechtschat/core';
import { createCaseFileAuthApi, createCaseFileContentApi } from '@rechtschat/adapters';
import { useInjection, useInjectionOrBind } from '../app/ContainerContext.js';
import { CaseFileAuthApiToken, CaseFileContentApiToken, CaseFileSessionActivityToken, LoggerToken, StorageToken } from '../app/tokens.js';

export interface CaseFileServices {
  readonly api: CaseFileAuthApi;
  readonly content: CaseFileContentApi;
  readonly storage: KeyValueStorage;
  readonly logger: Logger;
  /** Core's Navigator port over the app's history (routing/). */
  readonly navigator: Navigator;
  /** Sees every call of `api` and `content`: the session-expiry warning counts from them. */
  readonly sessionActivity: CaseFileSessionActivity;
}

export function useCaseFileServices(): CaseFileServices {
  // The case-file adapters are bound here, in the lazy case-file chunk, so the chat entry does not load them.
  const rawApi = useInjectionOrBind(CaseFileAuthApiToken, createCaseFileAuthApi);
  const rawContent = useInjectionOrBind(CaseFileContentApiToken, createCaseFileContentApi);
  const storage = useInjection(StorageToken);
  // One per app: every screen's calls restart the same countdown; real time comes from asyncScheduler.
  const sessionActivity = useInjectionOrBind(CaseFileSessionActivityToken, () => new CaseFileSessionActivity(storage, asyncScheduler));
  const api = useMemo(() => sessionActivity.auth(rawApi), [sessionActivity, rawApi]);
  const content = useMemo(() => sessionActivity.content(rawContent), [sessionActivity, rawContent]);
  const logger = useInjection(LoggerToken);
  const navigate = useNavigate();
  const navigator = useMemo<Navigator>(() => ({ navigate: (path, options) => navigate(path, options) }), [navigate]);
  return useMemo(() => ({ api, content, storage, logger, navigator, sessionActivity }), [api, content, storage, logger, navigator, sessionActivity]);
}
