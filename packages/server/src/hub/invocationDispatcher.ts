import type { HubCallContext, HubLogger, HubMethod } from './hub.types.js';
import type { ClientMessage } from './hubProtocol.js';
import { completionError, completionResult } from './hubProtocol.js';
import { declaredArity } from './defineMethod.js';
import { HubError } from './hubError.js';
import { HubTexts } from './hubMessages.js';

type Invocation = Extract<ClientMessage, { type: 'invocation' }>;

/**
 * Resolves hub methods case-insensitively (as ASP.NET does), checks declared arity, runs
 * the method and turns the outcome into a completion record. Never rejects.
 */
export class InvocationDispatcher {
  private readonly methods = new Map<string, HubMethod>();

  constructor(
    methods: Readonly<Record<string, HubMethod>>,
    private readonly logger: HubLogger,
  ) {
    for (const [name, method] of Object.entries(methods)) this.methods.set(name.toLowerCase(), method);
  }

  async invoke(ctx: HubCallContext, message: Invocation): Promise<string | undefined> {
    // No closures per call: this runs for every chat message.
    const { invocationId, target, args } = message;
    const method = this.methods.get(target.toLowerCase());
    if (method === undefined) {
      this.logger.warn({ connectionId: ctx.connectionId, target: target.slice(0, 64) }, 'hub unknown method');
      return invocationId === undefined ? undefined : completionError(invocationId, HubTexts.unknownMethod(target));
    }
    const arity = declaredArity(method);
    if (arity !== undefined && arity !== args.length) {
      return invocationId === undefined ? undefined : completionError(invocationId, HubTexts.wrongArity(target, arity, args.length));
    }
    try {
      const result = await method(ctx, args);
      return invocationId === undefined ? undefined : this.serialiseResult(invocationId, target, result);
    } catch (error) {
      if (error instanceof HubError)
        return invocationId === undefined ? undefined : completionError(invocationId, error.toCompletionError(HubTexts.unexpected));
      this.logger.error({ connectionId: ctx.connectionId, target, err: error }, 'hub method failed');
      return invocationId === undefined ? undefined : completionError(invocationId, HubTexts.unexpected);
    }
  }

  private serialiseResult(invocationId: string, target: string, result: unknown): string {
    try {
      return completionResult(invocationId, result);
    } catch (error) {
      this.logger.error({ target, err: error }, 'hub result not serialisable');
      return completionError(invocationId, HubTexts.unexpected);
    }
  }
}
