export * from './money';
export * from './rules';
export * from './iit';
export * from './business';
export * from './finance';
export * from './tools.types';
export * from './tools.catalog';
