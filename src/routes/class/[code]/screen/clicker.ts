/**
 * The projector's step keys: what a key (or a presentation clicker, which sends PageDown,
 * PageUp and the arrow keys) does to the breakdown's step. Step 0 shows the amounts and the
 * class's answers; steps 1..total show that many steps of the breakdown.
 */

/**
 * The step after pressing `key` at `step` of `total`, or null when the key is not a step key.
 * →, ↓, PageDown, Space: next; ←, ↑, PageUp: back; Home: step 0; End: every step. Never below 0
 * nor above `total`.
 */
export function stepAfter(key: string, step: number, total: number): number | null {
	const to =
		key === 'ArrowRight' || key === 'ArrowDown' || key === 'PageDown' || key === ' '
			? step + 1
			: key === 'ArrowLeft' || key === 'ArrowUp' || key === 'PageUp'
				? step - 1
				: key === 'Home'
					? 0
					: key === 'End'
						? total
						: null;
	return to === null ? null : Math.max(0, Math.min(total, to));
}
