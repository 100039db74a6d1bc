// Wire types shared by the server and the console. Everything here describes JSON on the wire:
// ids are strings (64-bit), dates are 'YYYY-MM-DD HH:mm:ss' strings, flags are 0/1 integers.

export * from './envelope.js';
export * from './constants.js';
export * from './entities.js';
export * from './auth.js';
export * from './rich-text-policy.js';
