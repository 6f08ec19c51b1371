/** Archive limits shared by the browse form (client) and its query (server). */
export const ARCHIVE_PAGE_SIZE = 25;
export const ARCHIVE_SEARCH_MAX = 100;
