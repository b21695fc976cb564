/** Thrown by a hub method: its message goes to the client as the completion error (no stack, no internals). */
export class HubError extends Error {
  override readonly name = 'HubError';
}
