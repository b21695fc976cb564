// The hub's method table: each name dispatches on the caller's role; a role without
// the method gets a hub error, so a participant can never call a lawyer method.
import type { AppContext } from './context.js';
import { hubOf } from './context.js';
import type { HubCallContext, HubMethod } from './hub/hub.types.js';
import { HUB_ERROR, HubError } from './hub/hubError.js';
import {
  caseGroup,
  chatGroup,
  hasRunningChat,
  LAWYERS_GROUP,
  listActiveChatsOfLawyer,
  listOpenCaseIdsOfParticipant,
  participantMethods,
} from './features/chat/index.js';
import { lawyerMethods } from './features/lawyer/index.js';
import { sessionActivity } from './platform/hubCalls/sessionActivity.js';

type RoleMethods = Readonly<Record<string, HubMethod>>;

function ping(_call: HubCallContext, args: readonly unknown[]): null {
  if (args.length > 1 || (args.length === 1 && typeof args[0] !== 'string')) throw new HubError(HUB_ERROR, 'Ungültiges Argument: Route wird erwartet.');
  return null;
}

/** How often a participant's Ping asks whether their consultation runs (a database read). */
const RUNNING_CHECK_EVERY_MS = 60_000;

/**
 * A participant's Ping counts as activity while a chat of theirs waits for or talks to a lawyer: waiting in the queue,
 * or reading while the lawyer writes, is using the chat, and the tab then only pings. Without it the session ran out
 * after 30 minutes in the queue, the hub closed the connection for good and the lawyer who accepted wrote into the
 * void (found from outside, 2026-12-05). Once the chat is over, pings alone let the session end as before.
 */
function participantPing(ctx: AppContext, touched: (call: HubCallContext) => void): HubMethod {
  const checkedAt = new Map<string, number>();
  return async (call, args) => {
    ping(call, args);
    const now = ctx.clock.now().getTime();
    if (now - (checkedAt.get(call.connectionId) ?? Number.NEGATIVE_INFINITY) < RUNNING_CHECK_EVERY_MS) return null;
    if (checkedAt.size >= 10_000) checkedAt.clear();
    checkedAt.set(call.connectionId, now);
    if (await hasRunningChat(ctx.db, call.principal.id)) touched(call);
    return null;
  };
}

export function buildHubMethods(ctx: AppContext): Record<string, HubMethod> {
  const touched = sessionActivity(ctx);
  const byRole: Record<'participant' | 'lawyer', RoleMethods> = {
    participant: { ...participantMethods(ctx), Ping: participantPing(ctx, touched) },
    lawyer: { ...lawyerMethods(ctx), Ping: ping },
  };
  const names = new Set([...Object.keys(byRole.participant), ...Object.keys(byRole.lawyer)]);
  const table: Record<string, HubMethod> = {};
  for (const name of names) {
    table[name] = (call, args) => {
      const method = byRole[call.principal.kind][name];
      if (!method) throw new HubError(HUB_ERROR, 'Diese Methode steht Ihnen nicht zur Verfügung.');
      // Ping runs every 10 s even in an idle tab, so it does not count as activity (a participant's: see participantPing).
      if (name !== 'Ping') touched(call);
      return method(call, args);
    };
  }
  return table;
}

/** Restores group membership after a (re)connect: reconnects get a new connection id. */
export async function onHubConnected(ctx: AppContext, call: HubCallContext): Promise<void> {
  const hub = hubOf(ctx);
  if (call.principal.kind === 'lawyer') {
    await hub.addToGroup(call.connectionId, LAWYERS_GROUP);
    for (const chat of await listActiveChatsOfLawyer(ctx.db, call.principal.id)) await hub.addToGroup(call.connectionId, chatGroup(chat.case_id, chat.id));
    return;
  }
  for (const caseId of await listOpenCaseIdsOfParticipant(ctx.db, call.principal.id)) await hub.addToGroup(call.connectionId, caseGroup(caseId));
}
