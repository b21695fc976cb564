import { describe, expect, expectTypeOf, it } from 'vitest';
import { validatePin, type Pin } from './pin.js';
import { invalid, valid, type Validation } from './validationResult.js';

describe('Validation', () => {
  it('should narrow to the value after checking ok and to the key otherwise', () => {
    const result: Validation<Pin> = validatePin('1234');
    if (result.ok) {
      expectTypeOf(result.value).toEqualTypeOf<Pin>();
      expect(result.value).toBe('1234');
    } else {
      expectTypeOf(result.errorKey).toEqualTypeOf<string>();
    }
  });

  it('should not let a plain string pass as a Pin', () => {
    expectTypeOf<string>().not.toExtend<Pin>();
    expect(valid(1)).toEqual({ ok: true, value: 1 });
    expect(invalid('Chat.MinLength')).toEqual({ ok: false, errorKey: 'Chat.MinLength' });
  });
});
