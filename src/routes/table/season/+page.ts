// The nights live in the browser's storage (IndexedDB), so this page renders in the browser only.
export const ssr = false;
