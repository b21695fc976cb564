// WindowPort over the document: title, focus state and the notification sound.
import { BehaviorSubject, type Observable } from 'rxjs';
import type { Logger, WindowPort } from '@rechtschat/core';
import { browserAudioContext, playChime } from './notificationSound.js';

export interface BrowserWindowOptions {
  readonly logger: Logger;
  readonly window?: Window;
  /** Creates the audio context for the chime; defaults to the browser's. */
  readonly createAudioContext?: () => AudioContext;
}

/** WindowPort for the real browser window. `dispose()` removes the focus listeners. */
export class BrowserWindow implements WindowPort {
  private readonly focused: BehaviorSubject<boolean>;
  private readonly win: Window;
  private audioContext: AudioContext | null = null;
  private readonly onFocus = () => this.focused.next(true);
  private readonly onBlur = () => this.focused.next(false);

  readonly focused$: Observable<boolean>;

  constructor(private readonly options: BrowserWindowOptions) {
    this.win = options.window ?? window;
    this.focused = new BehaviorSubject<boolean>(this.win.document.hasFocus());
    this.focused$ = this.focused.asObservable();
    this.win.addEventListener('focus', this.onFocus);
    this.win.addEventListener('blur', this.onBlur);
  }

  isFocused(): boolean {
    return this.focused.value;
  }

  getTitle(): string {
    return this.win.document.title;
  }

  setTitle(title: string): void {
    this.win.document.title = title;
  }

  playNotificationSound(): void {
    // A sound failure is logged only.
    const report = (cause: unknown) => this.options.logger.warn('Benachrichtigungston konnte nicht abgespielt werden', cause);
    try {
      playChime(() => this.context()).catch(report);
    } catch (cause) {
      report(cause);
    }
  }

  dispose(): void {
    this.win.removeEventListener('focus', this.onFocus);
    this.win.removeEventListener('blur', this.onBlur);
    this.focused.complete();
  }

  /** One context for the page: browsers limit how many may exist. */
  private context(): AudioContext {
    if (this.audioContext) return this.audioContext;
    const create = this.options.createAudioContext ?? defaultAudioContext;
    this.audioContext = create();
    return this.audioContext;
  }
}

function defaultAudioContext(): AudioContext {
  const Constructor = browserAudioContext();
  if (!Constructor) throw new Error('Web Audio wird von diesem Browser nicht unterstützt.');
  return new Constructor();
}
