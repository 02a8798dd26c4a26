export * from './companies.js';
export * from './types.js';
