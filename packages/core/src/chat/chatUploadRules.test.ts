import { describe, expect, it } from 'vitest';
import { chatUploadFailureKey, isUploadErrorKey } from './chatUploadRules.js';

describe('the reason shown for a chat file the server refused', () => {
  it("should name the server's reason instead of asking to try the same file again", () => {
    expect(chatUploadFailureKey(400)).toBe('Chat.UploadUnreadable');
    expect(chatUploadFailureKey(413)).toBe('Chat.UploadTooLarge');
    expect(chatUploadFailureKey(422)).toBe('Chat.UploadMalware');
    expect(chatUploadFailureKey(429)).toBe('Chat.UploadTooMany');
    expect(chatUploadFailureKey(503)).toBe('Chat.UploadScannerUnavailable');
  });

  it('should say that a refused file does not match its allowed ending, not that its type is not allowed', () => {
    // Only a file named .pdf, .jpg, … reaches the server (checkChatUpload): a 415 is content that does not match.
    expect(chatUploadFailureKey(415)).toBe('Chat.UploadContentMismatch');
    expect(chatUploadFailureKey(415, 'UnsupportedMediaType')).toBe('Chat.UploadContentMismatch');
    expect(isUploadErrorKey('Chat.UploadContentMismatch')).toBe(true);
  });

  it('should tell a refused archive from malware although both answer 422', () => {
    expect(chatUploadFailureKey(422, 'ArchiveRefused')).toBe('Chat.UploadArchiveRefused');
    expect(chatUploadFailureKey(422, 'MalwareFound')).toBe('Chat.UploadMalware');
    expect(isUploadErrorKey('Chat.UploadArchiveRefused')).toBe(true);
  });

  it('should keep the general message where the status says no reason: no answer, a 409, a server error', () => {
    expect(chatUploadFailureKey(null)).toBe('Chat.UploadFailed');
    expect(chatUploadFailureKey(409)).toBe('Chat.UploadFailed');
    expect(chatUploadFailureKey(500)).toBe('Chat.UploadFailed');
  });

  it("should count every refusal as the upload's own error, which the next file takes back", () => {
    for (const status of [null, 400, 413, 415, 422, 429, 503]) expect(isUploadErrorKey(chatUploadFailureKey(status))).toBe(true);
    expect(isUploadErrorKey('Chat.UploadEmpty')).toBe(true);
    expect(isUploadErrorKey('Chat.CallbackFailed')).toBe(false);
    expect(isUploadErrorKey(null)).toBe(false);
  });
});
