// The hand lives in the address and is settled in the browser (and offline, from the service
// worker's cache).
export const ssr = false;
