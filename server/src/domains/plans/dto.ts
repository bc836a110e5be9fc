import { PLAN_FLAGS, type Plan } from '@atende/shared';
import type { PlanDoc } from './model.js';

export function toPlan(doc: PlanDoc): Plan {
  const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, Boolean(doc[flag])])) as Pick<Plan, (typeof PLAN_FLAGS)[number]>;
  return {
    id: String(doc._id),
    name: doc.name,
    users: doc.users,
    connections: doc.connections,
    queues: doc.queues,
    value: doc.value,
    payLink: doc.payLink || null,
    ...flags,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
