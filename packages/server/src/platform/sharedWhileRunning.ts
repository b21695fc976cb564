// One piece of work per key at a time: who asks for a key while its work runs gets that work's result instead of
// starting it again. The PDF downloads use it – a client tapping „Protokoll herunterladen“ thirty times, or a script
// asking thirty times at once, costs one drawing of that protocol, so the documents of other clients are not queued
// behind thirty copies of it (the PDF worker draws one document at a time, platform/pdf/pdfRenderThread.ts).

/** `run(key, work)` starts `work` unless work for `key` is running; then it answers with that work's result. */
export type SharedWhileRunning<Value> = (key: string, work: () => Promise<Value>) => Promise<Value>;

export function sharedWhileRunning<Value>(): SharedWhileRunning<Value> {
  const running = new Map<string, Promise<Value>>();
  return (key, work) => {
    const current = running.get(key);
    if (current !== undefined) return current;
    const started = work().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
