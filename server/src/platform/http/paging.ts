import { PAGE_SIZE } from '@atende/shared';

export interface Page {
  skip: number;
  limit: number;
}

export function page(pageNumber: number, size = PAGE_SIZE): Page {
  return { skip: (Math.max(1, pageNumber) - 1) * size, limit: size };
}

export function hasMore(count: number, { skip }: Page, returned: number): boolean {
  return count > skip + returned;
}
