// The unsent input of a case-file form, kept in the tab's session storage (core's caseFileDrafts) so that a reload
// or a new login after the session ended brings it back. What equals `baseline` (the empty form or the stored
// data) is not kept; `active: false` (e.g. the edit form is closed) removes the draft.
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { readCaseFileDraft, writeCaseFileDraft, type CaseFileDraftForm } from '@rechtschat/core';
import { useCaseFileSession } from './CaseFileContext.js';
import { useCaseFileServices } from './caseFileServices.js';

export interface FormDraft<T> {
  readonly value: T;
  readonly setValue: Dispatch<SetStateAction<T>>;
  /** A draft was found when the form opened (and fills it). */
  readonly restored: boolean;
  /** Forgets the stored draft, e.g. once the form was saved. */
  readonly discard: () => void;
}

/** `T` is a form of text fields (its keys are the stored fields). */
export function useFormDraft<T extends { readonly [K in keyof T]: string }>(form: CaseFileDraftForm, baseline: T, active = true): FormDraft<T> {
  const { token } = useCaseFileSession();
  const { storage } = useCaseFileServices();
  const [restored] = useState(() => readCaseFileDraft(storage, token, form, Object.keys(baseline) as (keyof T & string)[]));
  const [value, setValue] = useState<T>(() => (restored ? { ...baseline, ...restored } : baseline));
  const valueText = JSON.stringify(value);
  const baselineText = JSON.stringify(baseline);

  useEffect(() => {
    writeCaseFileDraft(storage, token, form, active && valueText !== baselineText ? (JSON.parse(valueText) as T) : null);
  }, [storage, token, form, active, valueText, baselineText]);

  const discard = useCallback(() => writeCaseFileDraft(storage, token, form, null), [storage, token, form]);
  return { value, setValue, restored: restored !== null, discard };
}
