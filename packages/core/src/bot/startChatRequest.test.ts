import { describe, expect, it } from 'vitest';
import { FALLBACK_FIELD_OF_LAW, FALLBACK_FIELD_OF_LAW_LONG_NAME, startChatRequestOf } from './startChatRequest.js';

describe('startChatRequestOf', () => {
  it('should fall back to field of law 2 and empty values when nothing was collected', () => {
    expect(startChatRequestOf({})).toEqual({
      Description: '',
      EMailAddress: null,
      VerifiedEmail: false,
      FieldOfLaw: FALLBACK_FIELD_OF_LAW,
      FieldOfLawLongName: FALLBACK_FIELD_OF_LAW_LONG_NAME,
    });
    expect(FALLBACK_FIELD_OF_LAW).toBe(2);
  });

  it('should not call an e-mail verified that was skipped after a confirmation', () => {
    expect(startChatRequestOf({ EMailAddress: null, VerifiedEmail: true }).VerifiedEmail).toBe(false);
  });

  it('should ignore values of the wrong type', () => {
    expect(startChatRequestOf({ Description: 42, FieldOfLaw: '7', FieldOfLawLongName: true })).toMatchObject({
      Description: '',
      FieldOfLaw: 2,
      FieldOfLawLongName: FALLBACK_FIELD_OF_LAW_LONG_NAME,
    });
  });
});
