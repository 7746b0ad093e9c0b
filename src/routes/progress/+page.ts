// Progress lives in the browser's storage, so this page renders in the browser only.
export const ssr = false;
