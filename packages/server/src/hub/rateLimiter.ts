/** Outcome of {@link RateLimiter.take}: allowed, rejected, or rejected so often that the sender is abusive. */
export type RateDecision = 'allow' | 'reject' | 'abuse';

/**
 * Token bucket: `perSecond` tokens per second, burst of `perSecond`. A sender that keeps
 * sending after being rejected (more than `perSecond` rejections in a row) is abusive.
 */
export class RateLimiter {
  // Numbers from the start, so that V8 updates them in place (hubConnection.ts says why).
  private tokens = 0;
  private last = 0;
  private rejectedInRow = 0;

  constructor(
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = perSecond;
    this.last = now;
  }

  take(now: number): RateDecision {
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.rejectedInRow = 0;
      return 'allow';
    }
    this.rejectedInRow += 1;
    return this.rejectedInRow > this.perSecond ? 'abuse' : 'reject';
  }
}
