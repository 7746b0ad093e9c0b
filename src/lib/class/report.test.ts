import { describe, expect, it } from 'vitest';
import { csvCell, reportCsv } from './report';
import type { ClassReport } from './report-types';

const report: ClassReport = {
	questions: [
		{
			index: 0,
			narrative: 'East self-picked, "jokerless", 25',
			answered: 3,
			right: 1,
			shareRight: 1 / 3,
			topMisconception: { id: 'winner-total-not-sum', title: 'Total not the sum', count: 1 }
		},
		{
			index: 1,
			narrative: 'Wall game',
			answered: 0,
			right: 0,
			shareRight: null,
			topMisconception: null
		}
	],
	students: [
		{
			id: 'a',
			name: '=HYPERLINK("x")',
			answered: 2,
			right: 1,
			questions: 2,
			weakSkills: ['jokerless', 'east'],
			misconception: { id: 'east-double', title: 'East double', count: 1 }
		},
		{
			id: 'b',
			name: 'Ann',
			answered: 0,
			right: 0,
			questions: 0,
			weakSkills: [],
			misconception: null,
			removed: true
		}
	]
};

describe('report CSV', () => {
	it('quotes cells with commas, quotes and line breaks', () => {
		expect(csvCell('a,b')).toBe('"a,b"');
		expect(csvCell('say "hi"')).toBe('"say ""hi"""');
		expect(csvCell(12)).toBe('12');
		expect(csvCell(null)).toBe('');
	});

	it('defuses cells a spreadsheet would run as a formula', () => {
		expect(csvCell('=1+1')).toBe("'=1+1");
		expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
		expect(csvCell(-5)).toBe('-5');
	});

	it('writes one row per question with share right in percent and the top misconception', () => {
		const lines = reportCsv(report, 'questions').split('\r\n');
		expect(lines[0]).toBe(
			'question,narrative,answered,right,share_right_percent,top_misconception,top_misconception_title,top_misconception_count,skipped'
		);
		expect(lines[1]).toBe(
			'1,"East self-picked, ""jokerless"", 25",3,1,33,winner-total-not-sum,Total not the sum,1,'
		);
		expect(lines[2]).toBe('2,Wall game,0,0,,,,,');
		expect(lines[3]).toBe('');
	});

	it('writes one row per student with the score', () => {
		const lines = reportCsv(report, 'students').split('\r\n');
		expect(lines[0]).toBe(
			'name,answered,right,questions,score_percent,weak_skills,top_misconception,top_misconception_count,removed'
		);
		expect(lines[1]).toBe(
			`"'=HYPERLINK(""x"")",2,1,2,50,Jokerless; East winning or paying,East double,1,`
		);
		expect(lines[2]).toBe('Ann,0,0,0,,,,,yes');
	});
});
