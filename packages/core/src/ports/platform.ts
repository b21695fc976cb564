import type { Observable } from 'rxjs';

/** Session-scoped key/value storage (sessionStorage in the browser). */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Route changes requested by use cases. */
export interface Navigator {
  navigate(path: string, options?: { replace?: boolean; state?: unknown }): void;
}

/** The browser window as the chat needs it: title, focus, visibility, sound. */
export interface WindowPort {
  readonly focused$: Observable<boolean>;
  /**
   * Whether the page is shown (document.visibilityState): emits the current value on subscription, then each change.
   * A phone suspends a tab in the background, a closed laptop lid hides the page; shown again, a lost connection
   * should not wait out its reconnect delay.
   */
  readonly visible$: Observable<boolean>;
  isFocused(): boolean;
  getTitle(): string;
  setTitle(title: string): void;
  /** Plays the notification sound; a failure is reported, never thrown. */
  playNotificationSound(): void;
}

/** Whether the device has a network connection as the browser reports it (navigator.onLine, online/offline events). */
export interface NetworkStatus {
  /** Emits the current value on subscription, then each change; listening starts and ends with the subscription. */
  readonly online$: Observable<boolean>;
}

export interface ErrorReporter {
  captureException(error: unknown, context?: Record<string, unknown>): void;
}

export interface Logger {
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

/** Source of client ids for messages (crypto.randomUUID in the browser). */
export interface IdSource {
  next(): string;
}

/** The part of a browser Blob that core names; a Blob satisfies it (core has no DOM types). */
export interface BlobLike {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The part of a browser AbortSignal that core names (core has no DOM types); an AbortSignal satisfies it. */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Bytes of an upload sent so far, of `total` (the whole request body). */
export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

/** What an upload may be given besides the file: a progress callback and a signal that aborts it. */
export interface UploadOptions {
  /** Called as the bytes go out (the browser reports a few times a second). */
  readonly onProgress?: (progress: UploadProgress) => void;
  /** Aborting it aborts the request: the Call then completes without a Result, and the server stores nothing. */
  readonly signal?: AbortSignalLike;
}
