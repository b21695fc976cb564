import type { HubMethod } from './hub.types.js';

const arities = new WeakMap<HubMethod, number>();

/**
 * Declares how many arguments a hub method takes. The hub answers an invocation with a
 * different argument count with a completion error and never calls `fn`. Methods not
 * wrapped here receive whatever the client sent and must check `args` themselves.
 */
export function defineMethod(arity: number, fn: HubMethod): HubMethod {
  if (!Number.isInteger(arity) || arity < 0) throw new RangeError(`invalid arity ${arity}`);
  const method: HubMethod = (ctx, args) => fn(ctx, args);
  arities.set(method, arity);
  return method;
}

/** The arity declared through {@link defineMethod}, or undefined. */
export function declaredArity(method: HubMethod): number | undefined {
  return arities.get(method);
}
