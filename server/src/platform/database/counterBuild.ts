/**
 * Counter documents built whole in memory from a pass over the data (a data upgrade, a seeded
 * benchmark), instead of one write per counted document.
 */
import { ObjectId, type Document } from 'mongodb';
import type { CounterDelta } from './counters.js';

export class CounterTotals {
  private readonly byCompany = new Map<string, Map<string, Record<string, number>>>();

  /** Counts `deltas` (only their parts: a document's count is the sum of its parts). */
  add(companyId: string, deltas: CounterDelta[]): void {
    const company = this.byCompany.get(companyId) ?? new Map<string, Record<string, number>>();
    for (const delta of deltas) {
      const parts = company.get(delta.key) ?? {};
      for (const [part, step] of Object.entries(delta.parts)) parts[part] = (parts[part] ?? 0) + step;
      company.set(delta.key, parts);
    }
    this.byCompany.set(companyId, company);
  }

  /** The counter documents, `batch` at a time. */
  *documents(batch: number): Generator<Document[]> {
    let docs: Document[] = [];
    for (const [companyId, counters] of this.byCompany) {
      for (const [key, parts] of counters) {
        const count = Object.values(parts).reduce((sum, step) => sum + step, 0);
        docs.push({ companyId: new ObjectId(companyId), key, count, parts, createdAt: new Date(), updatedAt: new Date() });
        if (docs.length === batch) {
          yield docs;
          docs = [];
        }
      }
    }
    if (docs.length > 0) yield docs;
  }
}
