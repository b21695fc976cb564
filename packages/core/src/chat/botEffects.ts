// Interprets the side effects of the bot runners through ports: the runner
// stays pure data + timing, the controller decides what a "classify" or "saveRating" means.
import { delay, filter, take, type Observable, type SchedulerLike, type Subscription } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { BotNoticeKeys, type BotRunner, type BotSideEffect } from '../bot/index.js';
import type { Logger } from '../ports/platform.js';
import type { ProductApi } from '../ports/productApi.js';
import type { AppError, Result } from '../result.js';
import type { RatingRequest, StartChatRequest } from '../wire/index.js';
import { ChatErrorKeys } from './chatErrorKeys.js';
import { classifyWithFallback } from './classify.js';

/** What the interpreter may touch; the controller provides it. */
export interface BotEffectContext {
  readonly scheduler: SchedulerLike;
  readonly productApi: ProductApi;
  readonly logger: Logger;
  /** The device's network as the browser reports it (a rating that the network lost is sent again once it is back). */
  readonly online$: Observable<boolean>;
  readonly overrideDomain: string | null;
  readonly secondLevelParam: string | null;
  caseId(): string | null;
  /** Runs a call with `busy` set and hands its result over. */
  track<T>(call: Observable<T>, onResult: (value: T) => void): void;
  /** Logs and shows an error key. */
  fail(errorKey: string, message: string, error: AppError): void;
  keep(subscription: Subscription): void;
  startLiveChat(request: StartChatRequest): void;
  ratingSaved(): void;
  /** The callback number (as shown) reached the server: the other tabs of this chat stop asking for it. */
  secondLevelPhoneSaved(phone: string): void;
}

function reportFailure(ctx: BotEffectContext, errorKey: string, message: string) {
  return (result: Result<void>) => {
    if (E.isLeft(result)) ctx.fail(errorKey, message, result.left);
  };
}

/** Sends of a rating the network lost, a few seconds apart once the device is online. */
const RATING_ATTEMPTS = 10;
const RATING_RETRY_MS = 3_000;

/**
 * The rating is the last thing a person does, often on a phone that has just lost its network: the form is gone once
 * sent, so a rating the network lost is sent again once the device is back online (outside tester: it was lost with
 * nothing to retry). Only what the server refused, or a network that never comes back, ends in RatingFailed.
 */
function saveRating(ctx: BotEffectContext, runner: BotRunner, request: RatingRequest, attemptsLeft: number): void {
  ctx.track(ctx.productApi.saveRating(request), (result) => {
    if (E.isRight(result)) {
      // The thanks is a bot message, so it is part of the stored transcript like the rest.
      runner.announce(BotNoticeKeys.RatingThanks);
      ctx.ratingSaved();
      return;
    }
    const lost = result.left._tag === 'NetworkError' || result.left._tag === 'Timeout';
    if (!lost || attemptsLeft <= 1) return ctx.fail(ChatErrorKeys.RatingFailed, 'Bewertung nicht gespeichert', result.left);
    ctx.keep(
      ctx.online$.pipe(filter(Boolean), take(1), delay(RATING_RETRY_MS, ctx.scheduler)).subscribe(() => saveRating(ctx, runner, request, attemptsLeft - 1)),
    );
  });
}

/** Executes one side effect of `runner`; effects without a case yet are ignored. */
export function interpretBotEffect(ctx: BotEffectContext, runner: BotRunner, effect: BotSideEffect): void {
  const caseId = ctx.caseId();
  switch (effect.type) {
    case 'classify':
      ctx.keep(
        classifyWithFallback(ctx.productApi, effect.text, ctx.scheduler, ctx.online$).subscribe(({ result, fallback }) => {
          if (fallback) ctx.logger.warn('Klassifizierung nicht verfügbar, Rückfall auf Rechtsgebiet 2');
          runner.answer({ kind: 'classified', fieldOfLaw: result.FieldOfLaw, fieldOfLawLongName: result.FieldOfLawLongName });
        }),
      );
      return;
    case 'startChat':
      ctx.startLiveChat({ ...effect.request, ...(ctx.overrideDomain ? { OverrideDomain: ctx.overrideDomain } : {}) });
      return;
    case 'sendProtocol':
      // The bot's reply waits for the answer: "wird gesendet" only when it was, else that a confirmation mail went out.
      if (caseId)
        ctx.track(ctx.productApi.sendProtocol(caseId, effect.email), (result) => {
          if (E.isLeft(result)) ctx.fail(ChatErrorKeys.ProtocolFailed, 'Protokoll nicht versendet', result.left);
          runner.answer({ kind: 'protocolRequested', outcome: E.isLeft(result) ? 'failed' : result.right });
        });
      return;
    case 'saveSecondLevelPhone': {
      const failed = reportFailure(ctx, ChatErrorKeys.SecondLevelPhoneFailed, 'Telefonnummer nicht gespeichert');
      const settled = (result: Result<void>) => {
        failed(result);
        if (E.isRight(result)) ctx.secondLevelPhoneSaved(effect.phone);
      };
      // A second-level link parameter names the contract the number is for; otherwise it belongs to the case.
      if (ctx.secondLevelParam) ctx.track(ctx.productApi.saveSecondLevelPhoneByParam(ctx.secondLevelParam, effect.phone), settled);
      else if (caseId) ctx.track(ctx.productApi.saveSecondLevelPhone(caseId, effect.phone), settled);
      return;
    }
    case 'saveRating':
      if (caseId) saveRating(ctx, runner, { CaseId: caseId, Stars: effect.stars, Comment: effect.comment }, RATING_ATTEMPTS);
      return;
    default:
      // storeProperty, showValidationError and done change nothing outside the runner.
      return;
  }
}
