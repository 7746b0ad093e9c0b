/**
 * The chart.js line chart of each player's running total, night by night, kept in its own module
 * so /table/season loads chart.js only when there is a night to draw (only the parts used are
 * registered).
 */
import {
	CategoryScale,
	Chart,
	Legend,
	LineController,
	LineElement,
	LinearScale,
	PointElement,
	Tooltip
} from 'chart.js';

Chart.register(
	LineController,
	LineElement,
	PointElement,
	LinearScale,
	CategoryScale,
	Tooltip,
	Legend
);

/** Colours told apart in light and dark, and by people with the common colour blindness. */
const COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#7a5195'];
/** Dashes, so the lines are told apart without colour too. */
const DASHES = [[], [8, 4], [2, 3], [12, 4, 2, 4], [4, 4], [1, 2], [10, 2]];

/**
 * Draws one line a player (`series`: name and running totals, one a night, in `unit` amounts)
 * against the nights' `labels` on `canvas`, without animation; the y axis shows `tick` of a value.
 * The axes and the legend are in `ink` at the page's text size (16 px at least; larger with the
 * app's larger text).
 * Returns the chart: `destroy()` it before drawing again. Throws when the canvas has no 2D context.
 */
export function drawSeason(
	canvas: HTMLCanvasElement,
	labels: string[],
	series: { name: string; totals: number[] }[],
	tick: (value: number) => string,
	ink: string
): Chart<'line'> {
	const context = canvas.getContext('2d');
	if (!context) throw new Error('This browser cannot draw on the chart canvas.');
	const font = { size: Math.max(16, parseFloat(getComputedStyle(canvas).fontSize) || 0) };
	return new Chart(context, {
		type: 'line',
		data: {
			labels,
			datasets: series.map((s, i) => ({
				label: s.name,
				data: s.totals,
				borderColor: COLOURS[i % COLOURS.length],
				backgroundColor: COLOURS[i % COLOURS.length],
				borderDash: DASHES[i % DASHES.length],
				borderWidth: 3,
				pointRadius: 4
			}))
		},
		options: {
			animation: false,
			maintainAspectRatio: false,
			color: ink,
			scales: {
				x: { ticks: { color: ink, font } },
				y: { ticks: { color: ink, font, callback: (v) => tick(Number(v)) } }
			},
			plugins: { legend: { labels: { color: ink, font } } }
		}
	});
}
