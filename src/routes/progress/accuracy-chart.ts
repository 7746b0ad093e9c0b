/**
 * The chart.js line chart of accuracy per day, kept in its own module so /progress loads
 * chart.js only when there is something to draw (only the parts used are registered).
 */
import {
	CategoryScale,
	Chart,
	LineController,
	LineElement,
	LinearScale,
	PointElement,
	Tooltip
} from 'chart.js';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip);

/**
 * Draws `percents` (0..100, one per day) against `labels` on `canvas` in `colour` (a CSS colour),
 * without animation, the y axis fixed at 0..100 %, the axes' labels at the page's text size (16 px
 * at least; larger with the app's larger text) in `ink` (the page's text colour: chart.js's
 * default is 12 px light grey, hard to read). Returns the chart:
 * `destroy()` it before drawing again. Throws when the canvas has no 2D context.
 */
export function drawAccuracy(
	canvas: HTMLCanvasElement,
	labels: string[],
	percents: number[],
	colour: string,
	ink = '#161616'
): Chart<'line'> {
	const context = canvas.getContext('2d');
	if (!context) throw new Error('This browser cannot draw on the chart canvas.');
	const font = { size: Math.max(16, parseFloat(getComputedStyle(canvas).fontSize) || 0) };
	return new Chart(context, {
		type: 'line',
		data: {
			labels,
			datasets: [
				{
					label: 'Right (%)',
					data: percents,
					borderColor: colour,
					backgroundColor: colour,
					borderWidth: 3,
					pointRadius: 5
				}
			]
		},
		options: {
			animation: false,
			maintainAspectRatio: false,
			scales: {
				x: { ticks: { color: ink, font } },
				y: {
					min: 0,
					max: 100,
					ticks: { color: ink, font, callback: (v) => `${v}%` }
				}
			}
		}
	});
}
