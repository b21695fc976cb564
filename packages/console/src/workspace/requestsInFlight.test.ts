import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createRequestsInFlight } from './requestsInFlight.js';

/** A fetch whose answers the test hands out one by one. */
function pendingFetch() {
  const answers: Array<(response: Response) => void> = [];
  const sent: string[] = [];
  const fetcher = (input: string) =>
    new Promise<Response>((resolve) => {
      sent.push(input);
      answers.push(resolve);
    });
  return { fetcher, sent, answer: (index: number) => answers[index]?.(new Response(null, { status: 204 })) };
}

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function watch(promise: Promise<void>) {
  const seen = { done: false };
  void promise.then(() => (seen.done = true));
  return seen;
}

describe('requestsInFlight', () => {
  it('is settled at once when nothing is waiting', async () => {
    const requests = createRequestsInFlight(pendingFetch().fetcher, new VirtualTimeScheduler());
    const settled = watch(requests.settled(2000));
    await settle();
    expect(settled.done).toBe(true);
  });

  it('waits until every request that was in flight has its answer', async () => {
    const { fetcher, answer } = pendingFetch();
    const requests = createRequestsInFlight(fetcher, new VirtualTimeScheduler());
    void requests.fetch('/api/lawyer/colleagues');
    void requests.fetch('/api/lawyer/case-files');
    const settled = watch(requests.settled(2000));
    answer(0);
    await settle();
    expect(settled.done).toBe(false);
    answer(1);
    await settle();
    expect(settled.done).toBe(true);
  });

  it('counts a failed request as answered', async () => {
    const requests = createRequestsInFlight(() => Promise.reject(new TypeError('Failed to fetch')), new VirtualTimeScheduler());
    await expect(requests.fetch('/api/lawyer/queue')).rejects.toThrow('Failed to fetch');
    const settled = watch(requests.settled(2000));
    await settle();
    expect(settled.done).toBe(true);
  });

  it('gives up waiting for a hanging request after the limit', async () => {
    const scheduler = new VirtualTimeScheduler();
    const requests = createRequestsInFlight(pendingFetch().fetcher, scheduler);
    void requests.fetch('/api/lawyer/queue');
    const settled = watch(requests.settled(2000));
    await settle();
    expect(settled.done).toBe(false);
    scheduler.flush();
    await settle();
    expect(settled.done).toBe(true);
  });

  describe('while signing out', () => {
    it('holds a read back unsent and lets its caller cancel it', async () => {
      const { fetcher, sent } = pendingFetch();
      const requests = createRequestsInFlight(fetcher, new VirtualTimeScheduler());
      requests.holdReads();
      const controller = new AbortController();
      const read = requests.fetch('/api/lawyer/chats/finished', { signal: controller.signal });
      await settle();
      expect(sent).toEqual([]);
      controller.abort();
      await expect(read).rejects.toMatchObject({ name: 'AbortError' });
      requests.sendReads();
      await settle();
      expect(sent).toEqual([]);
    });

    it('sends the logout itself and does not wait for held reads to settle', async () => {
      const { fetcher, sent, answer } = pendingFetch();
      const requests = createRequestsInFlight(fetcher, new VirtualTimeScheduler());
      requests.holdReads();
      void requests.fetch('/api/lawyer/colleagues');
      void requests.fetch('/api/lawyer/logout', { method: 'POST' });
      await settle();
      expect(sent).toEqual(['/api/lawyer/logout']);
      answer(0);
      const settled = watch(requests.settled(2000));
      await settle();
      expect(settled.done).toBe(true);
    });

    it('sends the reads it held, and new ones at once, when reads go out again', async () => {
      const { fetcher, sent } = pendingFetch();
      const requests = createRequestsInFlight(fetcher, new VirtualTimeScheduler());
      requests.holdReads();
      void requests.fetch('/api/lawyer/queue');
      await settle();
      requests.sendReads();
      void requests.fetch('/api/lawyer/me');
      await settle();
      expect(sent).toEqual(['/api/lawyer/queue', '/api/lawyer/me']);
    });
  });
});
