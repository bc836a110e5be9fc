/**
 * The one tenancy mechanism: a mongoose plugin for tenant-owned models that refuses any query,
 * update, delete, aggregate or insert that is not scoped by companyId. Platform-level code that
 * must cross tenants (login by e-mail, super-user tools, cascade delete of a company) says so
 * explicitly with the `crossTenant` query option, so every such place is greppable.
 */
import type { Aggregate, Model, MongooseQueryMiddleware, Query, Schema } from 'mongoose';

export class TenancyError extends Error {
  constructor(model: string, operation: string) {
    super(`Tenant-owned ${model}: ${operation} without a companyId filter was refused`);
    this.name = 'TenancyError';
  }
}

const QUERY_OPERATIONS: MongooseQueryMiddleware[] = [
  'countDocuments',
  'deleteMany',
  'deleteOne',
  'distinct',
  'find',
  'findOne',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'replaceOne',
  'updateMany',
  'updateOne',
];

/** Names of tenant-owned models, so a company can be removed with everything it owns. */
export const tenantModelNames = new Set<string>();

function hasCompany(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function scopedFilter(filter: Record<string, unknown>): boolean {
  if (hasCompany(filter.companyId)) return true;
  // { $and: [{ companyId }, ...] } is scoped too.
  const and = filter.$and;
  return Array.isArray(and) && and.some((part) => hasCompany((part as Record<string, unknown>)?.companyId));
}

export function tenantOwned(schema: Schema): void {
  schema.pre(QUERY_OPERATIONS, function (this: Query<unknown, unknown>) {
    if (this.getOptions().crossTenant === true) return;
    if (!scopedFilter(this.getFilter() as Record<string, unknown>)) {
      throw new TenancyError(this.model.modelName, (this as { op?: string }).op ?? 'query');
    }
  });

  schema.pre('aggregate', function (this: Aggregate<unknown>) {
    if (this.options.crossTenant === true) return;
    const first = this.pipeline()[0] as { $match?: Record<string, unknown> } | undefined;
    if (!first?.$match || !scopedFilter(first.$match)) {
      throw new TenancyError(this.model().modelName, 'aggregate');
    }
  });

  schema.pre('validate', function () {
    if (!hasCompany(this.get('companyId'))) throw new TenancyError((this.constructor as Model<unknown>).modelName, 'save');
  });

  schema.pre('insertMany', function (this: Model<unknown>, docs: unknown) {
    const list: unknown[] = Array.isArray(docs) ? docs : [docs];
    for (const doc of list) {
      if (!hasCompany((doc as Record<string, unknown> | null)?.companyId)) throw new TenancyError(this.modelName, 'insertMany');
    }
  });

  schema.pre('bulkWrite', function (this: Model<unknown>, ops: unknown[]) {
    for (const op of ops as Record<string, { filter?: Record<string, unknown>; document?: Record<string, unknown> }>[]) {
      const body = Object.values(op)[0];
      const scoped = body?.filter ? scopedFilter(body.filter) : hasCompany(body?.document?.companyId);
      if (!scoped) throw new TenancyError(this.modelName, 'bulkWrite');
    }
  });
}

declare module 'mongoose' {
  interface QueryOptions {
    /** Deliberately reads or writes across companies (platform code only). */
    crossTenant?: boolean;
  }
  interface AggregateOptions {
    crossTenant?: boolean;
  }
}
