import { beforeEach, describe, expect, it } from 'vitest';
import { MINE_KEY, forgetMine, listMine, rememberMine, type MineEntry } from './mine';

const entry = (code: string, createdAt: number, kind: MineEntry['kind'] = 'class'): MineEntry => ({
	kind,
	code,
	createdAt,
	seed: 's',
	questionCount: 3,
	skills: [],
	unit: 'points'
});

describe('my classes on this device', () => {
	beforeEach(() => localStorage.clear());

	it('lists what was made, newest first, each once', () => {
		rememberMine(entry('AAAAAA', 1));
		rememberMine(entry('BBBBBB', 3, 'homework'));
		rememberMine(entry('CCCCCC', 2));
		rememberMine(entry('AAAAAA', 9));
		expect(listMine().map((e) => [e.code, e.createdAt])).toEqual([
			['BBBBBB', 3],
			['CCCCCC', 2],
			['AAAAAA', 1]
		]);
	});

	it('reads a damaged list as empty and forgets one entry', () => {
		localStorage.setItem(MINE_KEY, '{not json');
		expect(listMine()).toEqual([]);
		rememberMine(entry('AAAAAA', 1));
		rememberMine(entry('BBBBBB', 2));
		forgetMine('class', 'AAAAAA');
		expect(listMine().map((e) => e.code)).toEqual(['BBBBBB']);
	});
});
