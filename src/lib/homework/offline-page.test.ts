import { describe, expect, it } from 'vitest';
import {
	KEEP_HOMEWORK_PAGE,
	homeworkPagesIn,
	homeworkPageToKeep,
	isHomeworkPage
} from './offline-page';

describe('homework pages kept offline', () => {
	it("are a student's page by a valid code, under the base", () => {
		expect(isHomeworkPage('/homework/ABC234')).toBe(true);
		expect(isHomeworkPage('/coach/homework/ABC234', '/coach')).toBe(true);
		for (const path of [
			'/homework/new',
			'/homework/ABC234/results',
			'/homework/ABC234/',
			'/homework/abc234',
			'/homework/ABC10I',
			'/homework/',
			'/class/ABC234',
			'/homework/ABC234'.replace('/homework', '/coach/homework')
		]) {
			expect(isHomeworkPage(path), path).toBe(false);
		}
	});

	it('reads a keep message only for a homework page', () => {
		expect(homeworkPageToKeep({ type: KEEP_HOMEWORK_PAGE, path: '/homework/ABC234' })).toBe(
			'/homework/ABC234'
		);
		for (const data of [
			null,
			'keep',
			{ type: 'other', path: '/homework/ABC234' },
			{ type: KEEP_HOMEWORK_PAGE, path: '/homework/ABC234/results' },
			{ type: KEEP_HOMEWORK_PAGE, path: 'https://evil.test/homework/ABC234' },
			{ type: KEEP_HOMEWORK_PAGE }
		]) {
			expect(homeworkPageToKeep(data), JSON.stringify(data)).toBeNull();
		}
	});

	it("picks a cache's homework pages, once each", () => {
		expect(
			homeworkPagesIn(['/', '/homework/ABC234', '/_app/x.js', '/homework/new', '/homework/ABC234'])
		).toEqual(['/homework/ABC234']);
	});
});
