// Core's main entry: the game-agnostic contracts, records, RNG, bots and driver (no test kit: see ./testing).
export * from './result.js';
export * from './rng.js';
export * from './game.js';
export * from './record.js';
export * from './bot.js';
export * from './ismcts.js';
export * from './driver.js';
export * from './terminal.js';
export * from './entry.js';
export * from './analysis.js';
