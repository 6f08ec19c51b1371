/** The dashboard's numbers (browser-safe). */

/** How many new songs the dashboard lists (the rest are a link away). */
export const NEW_SONGS_SHOWN = 6;
/** New songs are counted up to here; beyond it the page says "more than 99". */
export const NEW_SONGS_COUNT_CAP = 99;
/** The catalogue, newest first (app/catalog/query-schema.ts: sort=newest). */
export const CATALOGUE_NEWEST_HREF = "/music-catalog?sort=newest";
