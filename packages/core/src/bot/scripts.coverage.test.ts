// Path coverage (STYLE rule 17c): explore the engine's whole state space for both scripts and
// every combination of case status, then prove each step is reachable and nothing is a dead end.
import { describe, expect, it } from 'vitest';
import type { CaseStatus } from '../wire/chat.js';
import type { BotScript } from './botStep.js';
import { advance } from './engine.js';
import { INITIAL_BOT_STATE, type BotInput, type BotState } from './engine.types.js';
import { OFFBOARDING_SCRIPT } from './offboardingScript.js';
import { ONBOARDING_SCRIPT } from './onboardingScript.js';
import { caseStatus } from './botDriver.testkit.js';
import { libphonenumberPlan } from '../validation/libphonenumberPlan.js';

const ALPHABET: readonly BotInput[] = [
  { kind: 'start' },
  { kind: 'botMessageShown' },
  { kind: 'classified', fieldOfLaw: 7, fieldOfLawLongName: 'Arbeitsrecht' },
  { kind: 'text', value: 'Mein Vermieter erhöht die Miete.' },
  { kind: 'text', value: 'erika@beispiel.de' },
  { kind: 'text', value: '030 12345678' },
  { kind: 'text', value: '?' },
  { kind: 'skip' },
  { kind: 'yes' },
  { kind: 'no' },
  { kind: 'rating', stars: 5 },
  { kind: 'protocolRequested', outcome: 'sent' },
  { kind: 'protocolRequested', outcome: 'confirmationPending' },
  { kind: 'protocolRequested', outcome: 'failed' },
];

const STATUSES: readonly (CaseStatus | null)[] = [
  null,
  // Without an onboarding address, with one the protocol goes to, and with one still waiting for its confirmation link.
  ...[null, 'sent', 'pending'].flatMap((email) =>
    [false, true].flatMap((requested) =>
      [false, true].flatMap((secondLevel) =>
        [null, 3].map((rating) =>
          caseStatus({
            ParticipantEnteredEmail: email !== null,
            // A confirmed onboarding address is where the protocol goes (the "EMailSending" line).
            ProtocolEmail: email !== null ? 'anna@example.de' : null,
            ProtocolConfirmationPending: email === 'pending',
            RequestPhoneNumber: requested,
            SecondLevelEnabled: secondLevel,
            CaseRating: rating,
          }),
        ),
      ),
    ),
  ),
];

interface Exploration {
  readonly shownSteps: Set<string>;
  readonly nodes: Map<string, BotState>;
  readonly edges: Map<string, Set<string>>;
}

function explore(script: BotScript, status: CaseStatus | null, into: Exploration): void {
  const key = (s: BotState): string => `${JSON.stringify(status)}|${JSON.stringify(s)}`;
  const queue: BotState[] = [INITIAL_BOT_STATE];
  into.nodes.set(key(INITIAL_BOT_STATE), INITIAL_BOT_STATE);
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    const from = key(state);
    for (const input of ALPHABET) {
      const [next, effects] = advance(script, state, input, status, libphonenumberPlan);
      effects.forEach((e) => e.type === 'showBotMessage' && into.shownSteps.add(e.stepKey));
      const to = key(next);
      into.edges.set(from, (into.edges.get(from) ?? new Set()).add(to));
      if (!into.nodes.has(to)) {
        into.nodes.set(to, next);
        queue.push(next);
      }
    }
    expect(into.nodes.size).toBeLessThan(20000);
  }
}

function exploreAll(script: BotScript): Exploration {
  const exploration: Exploration = { shownSteps: new Set(), nodes: new Map(), edges: new Map() };
  STATUSES.forEach((status) => explore(script, status, exploration));
  return exploration;
}

/** Nodes from which a finished state can be reached. */
function canFinish({ nodes, edges }: Exploration): Set<string> {
  const good = new Set([...nodes].filter(([, s]) => s.status === 'finished').map(([k]) => k));
  for (let changed = true; changed;) {
    changed = false;
    for (const [from, targets] of edges) {
      if (!good.has(from) && [...targets].some((t) => good.has(t))) {
        good.add(from);
        changed = true;
      }
    }
  }
  return good;
}

describe.each([
  ['onboarding', ONBOARDING_SCRIPT],
  ['offboarding', OFFBOARDING_SCRIPT],
] as const)('%s script paths', (_name, script) => {
  const exploration = exploreAll(script);

  it('should reach every step of the table', () => {
    expect([...exploration.shownSteps].sort()).toEqual(script.map((s) => s.Key).sort());
  });

  it('should give every non-terminal state an exit that leads to the end', () => {
    const finishing = canFinish(exploration);
    const deadEnds = [...exploration.nodes].filter(([k]) => !finishing.has(k)).map(([k]) => k);
    expect(deadEnds).toEqual([]);
  });

  it('should never finish anywhere but after the last step or at a Done step', () => {
    const finishedAt = new Set([...exploration.nodes.values()].filter((s) => s.status === 'finished').map((s) => script[s.stepIndex]?.ResponseType ?? 'end'));
    expect([...finishedAt].every((where) => where === 'Done' || where === 'end')).toBe(true);
  });
});
