/** Query of the paginated lists (searchParam, pageNumber from 1). A type alias, so it fits `Query`. */
export type PageQuery = {
  searchParam?: string;
  pageNumber?: number;
};
