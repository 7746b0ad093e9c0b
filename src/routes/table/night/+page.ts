// The night is in the address's fragment, read in the browser only (and offline, from the service
// worker's cache).
export const ssr = false;
