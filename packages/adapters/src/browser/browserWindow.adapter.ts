// WindowPort over the document: title, focus state, visibility and the notification sound.
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import type { Logger, WindowPort } from '@rechtschat/core';
import { browserAudioContext, playChime } from './notificationSound.js';

export interface BrowserWindowOptions {
  readonly logger: Logger;
  readonly window?: Window;
  /** Creates the audio context for the chime; defaults to the browser's. */
  readonly createAudioContext?: () => AudioContext;
}

/** WindowPort for the real browser window. `dispose()` removes the focus and visibility listeners. */
export class BrowserWindow implements WindowPort {
  private readonly focused: BehaviorSubject<boolean>;
  private readonly visible: BehaviorSubject<boolean>;
  private readonly win: Window;
  private audioContext: AudioContext | null = null;
  private readonly onFocus = () => this.focused.next(true);
  private readonly onBlur = () => this.focused.next(false);
  private readonly onVisibilityChange = () => this.visible.next(this.isShown());

  readonly focused$: Observable<boolean>;
  readonly visible$: Observable<boolean>;

  constructor(private readonly options: BrowserWindowOptions) {
    this.win = options.window ?? window;
    this.focused = new BehaviorSubject<boolean>(this.win.document.hasFocus());
    this.focused$ = this.focused.asObservable();
    this.visible = new BehaviorSubject<boolean>(this.isShown());
    this.visible$ = this.visible.pipe(distinctUntilChanged());
    this.win.addEventListener('focus', this.onFocus);
    this.win.addEventListener('blur', this.onBlur);
    this.win.document.addEventListener('visibilitychange', this.onVisibilityChange);
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
    this.win.document.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.focused.complete();
    this.visible.complete();
  }

  /** 'hidden' in a background tab, a minimised window or a suspended phone tab; 'visible' otherwise. */
  private isShown(): boolean {
    return this.win.document.visibilityState !== 'hidden';
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
