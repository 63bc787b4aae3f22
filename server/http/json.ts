/** What `c.json` sets, for an answer whose JSON text is made elsewhere (by SQLite, or kept from before). */
export const JSON_CONTENT_TYPE = { 'Content-Type': 'application/json' };
