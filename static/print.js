// The printable worksheet ships no app (`csr = false` in src/routes/class/worksheet/+page.ts):
// this is all its JavaScript. Its Print button prints, and the page says it is ready, as the
// app's layout does once mounted (the browser tests wait for that before pressing anything).
for (const button of document.querySelectorAll('[data-print]')) {
	button.addEventListener('click', () => window.print());
}
document.documentElement.dataset.ready = 'true';
