export * from './domain/index.js';
export * from './schemas/index.js';
export * from './errors/index.js';
export * from './i18n/index.js';
