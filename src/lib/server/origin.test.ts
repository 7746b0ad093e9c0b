import { describe, expect, it } from 'vitest';
import { configuredOrigin, joinAddresses, reachableOrigin } from './origin';

const page = (href: string) => ({ url: new URL(href) });

describe('the address students are given', () => {
	it('is ORIGIN when it is set: the address students type (README)', () => {
		const env = { ORIGIN: 'http://127.0.0.1:4710/' };
		expect(configuredOrigin(env)).toBe('http://127.0.0.1:4710');
		expect(reachableOrigin(page('http://127.0.0.1:4710/class/ABC'), ['192.0.2.2'], env)).toBe(
			'http://127.0.0.1:4710'
		);
		expect(joinAddresses('4710', ['192.0.2.2'], env)).toEqual(['http://127.0.0.1:4710/join']);
		const https = { ORIGIN: 'https://class.example.org' };
		expect(joinAddresses('3000', [], https)).toEqual(['https://class.example.org/join']);
	});

	it('without ORIGIN, turns localhost into the LAN address (a laptop on a school network)', () => {
		expect(reachableOrigin(page('http://localhost:3000/x'), ['192.0.2.2'], {})).toBe(
			'http://192.0.2.2:3000'
		);
		expect(reachableOrigin(page('http://class.test:3000/x'), ['192.0.2.2'], {})).toBe(
			'http://class.test:3000'
		);
		expect(joinAddresses('3000', ['192.0.2.2', '10.0.0.5'], { ORIGIN: ' ' })).toEqual([
			'http://192.0.2.2:3000/join',
			'http://10.0.0.5:3000/join'
		]);
		expect(configuredOrigin({ ORIGIN: 'not a url' })).toBeNull();
	});
});
