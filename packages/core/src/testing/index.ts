/** Test games and helpers for the platform's own tests; not part of core's main entry point. */
export * from './bid-veto.js';
export * from './bid-veto-terminal.js';
export * from './search-bot.js';
