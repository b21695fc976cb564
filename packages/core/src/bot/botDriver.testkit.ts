// Test helper: drives the pure engine synchronously, acknowledging every bot message at once,
// so tests talk in answers and step names instead of botMessageShown bookkeeping.
import type { CaseStatus, ResponseType } from '../wire/chat.js';
import type { BotScript } from './botStep.js';
import { advance } from './engine.js';
import { libphonenumberPlan } from '../validation/libphonenumberPlan.js';
import { INITIAL_BOT_STATE, type BotEffect, type BotInput, type BotState, type ProtocolMailAnswer } from './engine.types.js';

export const ARBEITSRECHT: BotInput = { kind: 'classified', fieldOfLaw: 7, fieldOfLawLongName: 'Arbeitsrecht' };

export function caseStatus(overrides: Partial<CaseStatus> = {}): CaseStatus {
  return {
    CaseRating: null,
    ParticipantEnteredEmail: false,
    RequestPhoneNumber: false,
    LawyerConnected: false,
    CaseClosed: true,
    Disabled: false,
    SecondLevelEnabled: true,
    ...overrides,
  };
}

export class BotDriver {
  state: BotState = INITIAL_BOT_STATE;
  /** Every effect so far, in order. */
  readonly log: BotEffect[] = [];

  constructor(
    readonly script: BotScript,
    readonly status: CaseStatus | null = null,
    /** Answer classify effects immediately with this input (null: the test classifies). */
    readonly autoClassify: BotInput | null = ARBEITSRECHT,
    /** The server's answer to a sendProtocol effect, given at once (null: the test answers). */
    readonly autoProtocol: ProtocolMailAnswer | null = 'sent',
  ) {}

  get stepKey(): string | undefined {
    return this.script[this.state.stepIndex]?.Key;
  }

  /** The response bar the participant currently sees. */
  get prompt(): ResponseType | null {
    for (let i = this.log.length - 1; i >= 0; i -= 1) {
      const effect = this.log[i];
      if (effect?.type === 'askResponse') return effect.responseType;
      if (effect?.type === 'showBotMessage') return null;
    }
    return null;
  }

  /** Keys of all bot messages shown so far. */
  get shownKeys(): string[] {
    return this.log.flatMap((e) => (e.type === 'showBotMessage' ? [e.key] : []));
  }

  start(): BotEffect[] {
    return this.send({ kind: 'start' });
  }

  /** Feeds one input and settles; returns all effects that followed from it. */
  send(input: BotInput): BotEffect[] {
    const produced: BotEffect[] = [];
    const queue: BotInput[] = [input];
    let rounds = 0;
    for (let input = queue.shift(); input !== undefined; input = queue.shift()) {
      rounds += 1;
      // A script whose automatic steps never reach an answer or the end would spin here.
      if (rounds > 10 * this.script.length) throw new Error(`Bot script does not settle after ${rounds} rounds`);
      const [next, effects] = advance(this.script, this.state, input, this.status, libphonenumberPlan);
      this.state = next;
      produced.push(...effects);
      if (this.autoClassify !== null && effects.some((e) => e.type === 'classify')) queue.push(this.autoClassify);
      if (this.autoProtocol !== null && effects.some((e) => e.type === 'sendProtocol')) queue.push({ kind: 'protocolRequested', outcome: this.autoProtocol });
      if (next.status === 'typing' && queue.length === 0) queue.push({ kind: 'botMessageShown' });
    }
    this.log.push(...produced);
    return produced;
  }

  sendAll(inputs: readonly BotInput[]): BotEffect[] {
    return inputs.flatMap((input) => this.send(input));
  }
}

export const text = (value: string): BotInput => ({ kind: 'text', value });
export const YES: BotInput = { kind: 'yes' };
export const NO: BotInput = { kind: 'no' };
export const SKIP: BotInput = { kind: 'skip' };
export const DESCRIPTION = 'Mein Vermieter hat mir fristlos gekündigt.';
