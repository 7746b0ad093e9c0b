import '@testing-library/jest-dom/vitest';

// jsdom lays nothing out, so it has no scrolling: pages bring things into view, tests ignore it.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
