/**
 * Resolves with the first item of `items` that matches, now or once it arrives. Whoever appends to `items` calls every
 * function in `waiters` afterwards; the returned check is registered there until it has found its item.
 */
export function waitForItem<T>(items: readonly T[], waiters: Set<() => void>, predicate: (item: T) => boolean, resolve: (item: T) => void): () => void {
  const check = () => {
    const found = items.find(predicate);
    if (found === undefined) return;
    waiters.delete(check);
    resolve(found);
  };
  waiters.add(check);
  check();
  return check;
}
