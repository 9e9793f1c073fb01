export * from './catalog.ts';
export * from './content.ts';
export * from './platform.ts';
export * from './regions.ts';
export * from './commerce.ts';
export * from './accounts.ts';
export * from './support.ts';
export * from './reviews.ts';
