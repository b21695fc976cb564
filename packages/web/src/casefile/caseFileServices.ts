// The ports every case-file screen uses, resolved once per component from the container.
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CaseFileAuthApi, CaseFileContentApi, KeyValueStorage, Logger, Navigator } from '@rechtschat/core';
import { createCaseFileAuthApi, createCaseFileContentApi } from '@rechtschat/adapters';
import { useInjection, useInjectionOrBind } from '../app/ContainerContext.js';
import { CaseFileAuthApiToken, CaseFileContentApiToken, LoggerToken, StorageToken } from '../app/tokens.js';

export interface CaseFileServices {
  readonly api: CaseFileAuthApi;
  readonly content: CaseFileContentApi;
  readonly storage: KeyValueStorage;
  readonly logger: Logger;
  /** Core's Navigator port over react-router. */
  readonly navigator: Navigator;
}

export function useCaseFileServices(): CaseFileServices {
  // The case-file adapters are bound here, in the lazy case-file chunk, so the chat entry does not load them.
  const api = useInjectionOrBind(CaseFileAuthApiToken, createCaseFileAuthApi);
  const content = useInjectionOrBind(CaseFileContentApiToken, createCaseFileContentApi);
  const storage = useInjection(StorageToken);
  const logger = useInjection(LoggerToken);
  const navigate = useNavigate();
  const navigator = useMemo<Navigator>(() => ({ navigate: (path, options) => void navigate(path, options ?? {}) }), [navigate]);
  return useMemo(() => ({ api, content, storage, logger, navigator }), [api, content, storage, logger, navigator]);
}
