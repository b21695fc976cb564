/** The code of a refusal that no feature names more precisely (the hub's counterpart of HTTP's generic codes). */
export const HUB_ERROR = 'HubError';

/**
 * Thrown by a hub method to refuse the call: the client gets its code and German message as the completion's
 * `error`, the JSON text of `{"Error":"<code>","Message":"<message>"}` – the shape of an HTTP error body. No stack,
 * no internals; any other exception answers with the generic text of `HubTexts.unexpected`.
 */
export class HubError extends Error {
  override readonly name = 'HubError';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** The completion's `error` string. */
  toCompletionError(fallbackMessage: string): string {
    return JSON.stringify({ Error: this.code || HUB_ERROR, Message: this.message || fallbackMessage });
  }
}
