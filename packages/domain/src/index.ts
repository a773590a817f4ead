export * from './categories.js';
export * from './status.js';
export * from './types.js';
export * from './wire.js';
