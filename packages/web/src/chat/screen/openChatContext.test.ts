import { describe, expect, it } from 'vitest';
import { openChatOf } from './openChatContext.js';

const base = { phase: 1, caseClosed: false, lawyerConnected: false, waitingForLawyer: false, runningChatCaseId: null } as const;

describe('openChatOf', () => {
  it('should guard the intake (what was typed would be lost), unless it ended because a consultation runs elsewhere', () => {
    expect(openChatOf({ ...base, phase: 0 })).toBe('intake');
    expect(openChatOf({ ...base, phase: 0, runningChatCaseId: 'case-1' })).toBe('none');
  });

  it('should tell a waiting chat from one with a lawyer, and guard neither a closed case nor the offboarding', () => {
    expect(openChatOf({ ...base, waitingForLawyer: true })).toBe('waiting');
    expect(openChatOf({ ...base, lawyerConnected: true })).toBe('lawyer');
    expect(openChatOf({ ...base, lawyerConnected: true, caseClosed: true })).toBe('none');
    expect(openChatOf({ ...base, phase: 2 })).toBe('none');
  });
});
