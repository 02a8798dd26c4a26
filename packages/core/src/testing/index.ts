/** Core's test entry (`@boss-table/core/testing`): the conformance and terminal kits, test games and helpers; kept out of the main entry that browsers and the server load. */
export * from './conformance.js';
export * from './terminal-check.js';
export * from './bid-veto.js';
export * from './bid-veto-terminal.js';
export * from './search-bot.js';
export * from './golden.js';
