export * from './result.js';
export * from './rng.js';
export * from './game.js';
export * from './record.js';
export * from './bot.js';
export * from './ismcts.js';
export * from './driver.js';
export * from './conformance.js';
