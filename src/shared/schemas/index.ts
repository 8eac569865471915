export * from './analytics.ts';
export * from './common.ts';
export * from './incident.ts';
export * from './machine.ts';
export * from './schedule.ts';
export * from './sync.ts';
export * from './ticket.ts';
export * from './user.ts';
