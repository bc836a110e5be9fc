export * from './enums.js';
export * from './constants.js';
export * from './settings.js';
export * from './entities.js';
