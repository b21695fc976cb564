import { describe, expect, it } from 'vitest';
import { BackplaneHealth } from '../../src/hub/backplaneHealth.js';

function health(announce: () => Promise<void> = async () => undefined) {
  const resyncs: string[] = [];
  const announced: number[] = [];
  const h = new BackplaneHealth({
    announce: async () => {
      announced.push(1);
      await announce();
    },
  });
  h.onResync((cause) => resyncs.push(cause));
  return { h, resyncs, announced };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('backplane health after an outage', () => {
  it('should do nothing when Redis comes up the first time with nothing lost', async () => {
    const { h, resyncs, announced } = health();
    h.publisherUp();
    h.subscriberUp();
    await flush();
    expect(resyncs).toEqual([]);
    expect(announced).toEqual([]);
    expect(h.healthy).toBe(true);
  });

  it('should resync local clients once both connections are back after the subscription dropped', () => {
    const { h, resyncs } = health();
    h.publisherUp();
    h.subscriberUp();
    h.subscriberDown();
    h.publisherDown();
    expect(h.healthy).toBe(false);
    h.subscriberUp();
    expect(resyncs).toEqual([]); // the publisher is still away: a resync now could miss later publishes
    h.publisherUp();
    expect(resyncs).toEqual(['local']);
    h.publisherUp();
    expect(resyncs).toEqual(['local']);
  });

  it('should announce a resync to the other processes when own publishes were lost', async () => {
    const { h, resyncs, announced } = health();
    h.publisherUp();
    h.subscriberUp();
    h.publisherDown();
    h.publishLost();
    h.publishLost();
    h.publisherUp();
    await flush();
    expect(announced).toEqual([1]);
    expect(resyncs).toEqual([]); // own members got the lost publishes locally
    expect(h.healthy).toBe(true);
  });

  it('should announce again on the next recovery when the announcement itself failed', async () => {
    let fail = true;
    const { h, announced } = health(async () => {
      if (fail) throw new Error('down again');
    });
    h.publisherUp();
    h.subscriberUp();
    h.publishLost();
    h.publisherUp();
    await flush();
    expect(announced).toHaveLength(1);
    expect(h.healthy).toBe(false);
    fail = false;
    h.publisherUp();
    await flush();
    expect(announced).toHaveLength(2);
    expect(h.healthy).toBe(true);
  });

  it("should resync local clients on another process's announcement", () => {
    const { h, resyncs } = health();
    h.remoteResync();
    expect(resyncs).toEqual(['remote']);
  });

  it('should treat a member that joined while Redis was unreachable as possibly behind', () => {
    const { h, resyncs } = health();
    h.subscriptionPending();
    h.publisherUp();
    h.subscriberUp();
    expect(resyncs).toEqual(['local']);
  });

  it('should report the backplane up only once publisher and subscriber are both live', async () => {
    const { h } = health();
    let up = false;
    void h.whenFirstUp().then(() => {
      up = true;
    });
    h.publisherUp();
    await flush();
    expect(up).toBe(false);
    h.subscriberUp();
    await flush();
    expect(up).toBe(true);
  });
});
