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
