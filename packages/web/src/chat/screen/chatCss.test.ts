// jsdom applies no stylesheet, so the fixed layout sizes are pinned on chat.css itself.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGENT_IMAGE_SIZE } from './AgentImage.js';
import { INACTIVITY_DIALOG_WIDTH } from './InactivityDialog.js';
import { MESSAGE_LIST_MAX_HEIGHT } from './MessageList.js';

const css = readFileSync(new URL('./chat.css', import.meta.url), 'utf8');

/** The declarations of the first rule with exactly this selector. */
function rule(selector: string): string {
  const start = css.indexOf(`\n${selector} {`);
  if (start < 0) throw new Error(`no rule ${selector}`);
  return css.slice(start, css.indexOf('}', start));
}

describe('chat.css', () => {
  it('should let the message log scroll inside its fixed height', () => {
    expect(rule('.chat-log')).toContain(`max-height: ${MESSAGE_LIST_MAX_HEIGHT}px;`);
    expect(rule('.chat-log')).toContain('overflow-y: auto;');
    // A message's link holds its hidden new-tab text (absolute) inside the scrolling log, not at the page's height.
    expect(rule('.chat-bubble__text a')).toContain('position: relative;');
  });

  it('should keep the assistant’s short compounds („E-Mail“) from breaking at their hyphen', () => {
    // MessageItem.tsx wraps them in this span; MessageList.test.tsx checks the span.
    expect(rule('.chat-bubble__keep')).toContain('white-space: nowrap;');
  });

  it('should put the participant’s messages on the right and bold highlighted ones', () => {
    expect(rule('.chat-msg--own')).toContain('justify-content: flex-end;');
    expect(rule('.chat-bubble--highlighted')).toContain('font-weight: 600;');
  });

  it('should show the focus ring on the answer region while the bot types, with a height of its own', () => {
    // The region holds the focus then, with no form in it (ChatScreen.tsx): the page's ring, not switched off, and room.
    expect(css).not.toMatch(/\.chat-input-region[^{]*\{[^}]*outline: none/);
    expect(rule('.chat-input-region:focus-visible')).toContain('min-height: 48px;');
  });

  it('should size the lawyer thumbnail and the inactivity dialog as fixed', () => {
    expect(rule('.chat-agent')).toContain(`width: ${AGENT_IMAGE_SIZE}px;`);
    expect(rule('.ui-dialog.chat-inactivity')).toContain(`width: ${INACTIVITY_DIALOG_WIDTH}px;`);
  });
});
