// Big Boss's public surface: everything the registry, server, clients and tests import from the package.
export * from './companies.js';
export * from './types.js';
export * from './options.js';
export * from './state.js';
export * from './setup.js';
export * from './play.js';
export * from './move.js';
export * from './view.js';
export * from './summary.js';
export * from './legal-summary.js';
export * from './words.js';
export * from './game.js';
export * from './bots/ismcts.js';
export * from './bots/heuristic.js';
export * from './terminal.js';
export * from './entry.js';
export * from './legal-chooser.js';
