/** The wire protocol's types live in `@boss-table/protocol`, shared with the server. */
export * from '@boss-table/protocol';
