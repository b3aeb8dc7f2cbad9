export * from './chat.ts';
export * from './people.ts';
export * from './platform.ts';
export * from './reward.ts';
export * from './social.ts';
export * from './tenants.ts';
export * from './work.ts';
