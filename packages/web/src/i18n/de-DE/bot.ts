// German texts of the scripted bot (namespace `bot`). They are kept in core (`@rechtschat/core/bot-texts`), where the
// server checks the bot lines of a transcript against them.
export { BOT_TEXTS_DE as botDe } from '@rechtschat/core/bot-texts';
