import { Joi } from './joi.js';
import { PLAN_FLAGS } from '../domain/enums.js';
import { name } from './common.js';

const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, Joi.boolean()]));

const planFields = {
  name,
  users: Joi.number().integer().min(0).max(100_000),
  connections: Joi.number().integer().min(0).max(100_000),
  queues: Joi.number().integer().min(0).max(100_000),
  value: Joi.number().min(0).max(1_000_000_000).precision(2),
  payLink: Joi.string().trim().uri({ scheme: ['http', 'https'] }).max(500).allow('', null),
  ...flags,
};

export const planCreateSchema = Joi.object({
  ...planFields,
  name: name.required(),
  users: planFields.users.default(1),
  connections: planFields.connections.default(1),
  queues: planFields.queues.default(1),
  value: planFields.value.default(0),
});

export const planUpdateSchema = Joi.object(planFields).min(1);
