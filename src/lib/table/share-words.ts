/**
 * The words of a shared night's page that it says before (or without) loading the reader of
 * ./share. Pure.
 */

/** What an address with nothing after `#` says. */
export const NO_NIGHT = 'This link has no night in it.';
