import { beforeEach, describe, expect, it } from 'vitest';
import { flushDevice, loadDevice, saveDevice, withAnswer, type DeviceHomework } from './device';

const fresh = (): DeviceHomework => ({
	studentId: 's1',
	name: 'Ann',
	token: 't',
	answers: [],
	outbox: []
});
const answer = (question: number) => ({
	question,
	pays: { east: 10 },
	total: 10,
	answeredAt: 5,
	correct: true
});

describe('homework on the phone', () => {
	beforeEach(() => localStorage.clear());

	it('keeps answers across a reload and queues each once', () => {
		let record = withAnswer(fresh(), answer(0));
		record = withAnswer(record, answer(0));
		record = withAnswer(record, answer(1));
		saveDevice('ABCDEF', record);
		expect(loadDevice('ABCDEF')).toEqual({
			...fresh(),
			answers: [answer(0), answer(1)],
			outbox: [0, 1]
		});
		expect(loadDevice('GHJKMN')).toBeNull();
	});

	it('empties the outbox only when the server answered', async () => {
		const record = withAnswer(withAnswer(fresh(), answer(0)), answer(1));
		await expect(flushDevice(record, () => Promise.reject(new Error('offline')))).rejects.toThrow();
		const sent: number[][] = [];
		const after = await flushDevice(record, (answers) => {
			sent.push(answers.map((a) => a.question));
			return Promise.resolve({ kept: [1] });
		});
		expect(sent).toEqual([[0, 1]]);
		expect(after.outbox).toEqual([]);
		expect(after.answers).toHaveLength(2);
	});
});
