/**
 * OpenAPI 3 description generated from the registered routes: their paths, descriptions, tags,
 * auth and joi validation (converted from joi's describe()). Served at /api/docs/openapi.json and
 * browsable at /api/docs with swagger-ui.
 */
import type { Server } from '@hapi/hapi';
import type Joi from 'joi';
import { APP_VERSION } from '@atende/shared';

type JsonSchema = Record<string, unknown>;

interface JoiDescription {
  type?: string;
  flags?: { presence?: string; default?: unknown; description?: string; only?: boolean };
  keys?: Record<string, JoiDescription>;
  items?: JoiDescription[];
  allow?: unknown[];
  rules?: { name: string; args?: Record<string, unknown> }[];
  matches?: { schema: JoiDescription }[];
}

export function toJsonSchema(description: JoiDescription): JsonSchema {
  const schema: JsonSchema = {};
  const rule = (name: string) => description.rules?.find((r) => r.name === name)?.args;
  switch (description.type) {
    case 'object': {
      schema.type = 'object';
      const keys = description.keys ?? {};
      schema.properties = Object.fromEntries(Object.entries(keys).map(([key, child]) => [key, toJsonSchema(child)]));
      const required = Object.entries(keys).filter(([, child]) => child.flags?.presence === 'required').map(([key]) => key);
      if (required.length > 0) schema.required = required;
      break;
    }
    case 'array':
      schema.type = 'array';
      if (description.items?.[0]) schema.items = toJsonSchema(description.items[0]);
      break;
    case 'number':
      schema.type = description.rules?.some((r) => r.name === 'integer') ? 'integer' : 'number';
      if (rule('min')) schema.minimum = rule('min')?.limit;
      if (rule('max')) schema.maximum = rule('max')?.limit;
      break;
    case 'boolean':
      schema.type = 'boolean';
      break;
    case 'date':
      schema.type = 'string';
      schema.format = 'date-time';
      break;
    case 'string':
      schema.type = 'string';
      if (rule('min')) schema.minLength = rule('min')?.limit;
      if (rule('max')) schema.maxLength = rule('max')?.limit;
      if (rule('length')) schema.minLength = schema.maxLength = rule('length')?.limit;
      if (rule('email')) schema.format = 'email';
      break;
    case 'alternatives':
      schema.oneOf = (description.matches ?? []).map((m) => toJsonSchema(m.schema));
      break;
    default:
      break;
  }
  const allowed = (description.allow ?? []).filter((v) => v !== '' && v !== null);
  if (description.flags?.only && allowed.length > 0) schema.enum = allowed;
  if (description.flags?.default !== undefined && typeof description.flags.default !== 'function') schema.default = description.flags.default;
  return schema;
}

function describe(schema: unknown): JoiDescription | null {
  return schema && typeof (schema as Joi.Schema).describe === 'function' ? ((schema as Joi.Schema).describe() as JoiDescription) : null;
}

function parameters(where: 'path' | 'query', schema: unknown): JsonSchema[] {
  const description = describe(schema);
  return Object.entries(description?.keys ?? {}).map(([name, child]) => ({
    name,
    in: where,
    required: where === 'path' || child.flags?.presence === 'required',
    schema: toJsonSchema(child),
  }));
}

export function buildOpenApi(server: Server, prefix: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of server.table()) {
    const settings = route.settings;
    const tags = (settings.tags ?? []).filter((t) => t !== 'api');
    if (!(settings.tags ?? []).includes('api')) continue;
    const relative = route.path.startsWith(prefix) ? route.path.slice(prefix.length) : route.path;
    const path = relative.replace(/\{(\w+)\*?\w*\}/g, '{$1}');
    const validate = settings.validate as { params?: unknown; query?: unknown; payload?: unknown } | undefined;
    const operation: JsonSchema = {
      summary: settings.description ?? '',
      tags,
      parameters: [...parameters('path', validate?.params), ...parameters('query', validate?.query)],
      responses: {
        '200': { description: 'Success' },
        '400': { description: 'ERR_VALIDATION: the field and the rule', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
    const body = describe(validate?.payload);
    if (body) operation.requestBody = { required: true, content: { 'application/json': { schema: toJsonSchema(body) } } };
    const access = settings.plugins?.access;
    if ((settings.auth as unknown) !== false) operation.security = [{ bearer: [] }];
    if (access) operation['x-access'] = access;
    (paths[path] ??= {})[route.method] = operation;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Atende API', version: APP_VERSION },
    servers: [{ url: prefix }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: { type: 'object', properties: { error: { type: 'string', example: 'ERR_VALIDATION' }, message: { type: 'string' } }, required: ['error', 'message'] },
      },
    },
    paths,
  };
}
