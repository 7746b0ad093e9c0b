import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classData, T0, winScenarios } from '$lib/class/fixtures';
import type { ClassEvent } from '$lib/class/machine';
import { teacherView } from '$lib/class/views';
import ControlBar from './ControlBar.svelte';

const questions = winScenarios(2);
const e = (type: 'question.open' | 'question.reveal' | 'question.next' | 'session.lock') =>
	({ type, at: T0 }) as ClassEvent;
const close: ClassEvent = { type: 'answers.close', by: 'teacher', at: T0 };
const end: ClassEvent = { type: 'session.end', reason: 'teacher', at: T0 };

const STATES: [string, ClassEvent[]][] = [
	['the lobby', []],
	['a question open', [e('question.open')]],
	['answers closed', [e('question.open'), close]],
	['the first answer revealed', [e('question.open'), close, e('question.reveal')]],
	[
		'the last answer revealed',
		[
			e('question.open'),
			close,
			e('question.reveal'),
			e('question.next'),
			close,
			e('question.reveal')
		]
	],
	['locked, open', [e('session.lock'), e('question.open')]],
	['ended', [e('question.open'), end]]
];

afterEach(() => vi.restoreAllMocks());

describe('ControlBar', () => {
	it.each(STATES)(
		'in %s offers exactly the actions the server takes (view.actions)',
		async (_, events) => {
			const view = teacherView(classData(questions, events), T0);
			const act = vi.fn();
			vi.spyOn(window, 'confirm').mockReturnValue(true);
			render(ControlBar, { view, busy: false, offset: 0, act });
			const buttons = screen.queryAllByRole('button');
			for (const button of buttons) await userEvent.click(button);
			const offered = act.mock.calls.map(([action]) => action as string);
			expect([...offered].sort()).toEqual([...view.actions].sort());
			expect(new Set(offered).size).toBe(offered.length);
		}
	);

	it('names the steps in plain words, and Finish after the last question', () => {
		const last = STATES[4]![1];
		render(ControlBar, {
			view: teacherView(classData(questions, last), T0),
			busy: false,
			offset: 0,
			act: () => undefined
		});
		expect(screen.getByRole('button', { name: 'Finish and show the report' })).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'End session' })).toBeNull();
		expect(screen.getByRole('button', { name: 'Lock: no new joins' })).toBeInTheDocument();
	});

	it('marks the count and the timer as the last known while the stream is down (issue 20)', () => {
		const open = teacherView(classData(questions, [e('question.open')]), T0);
		const view = { ...open, deadline: T0 + 60_000 };
		const props = { view, busy: false, offset: 0, act: () => undefined };
		const { unmount } = render(ControlBar, props);
		expect(screen.getByRole('status')).not.toHaveTextContent('last known');
		expect(screen.queryByTestId('timer-stale')).toBeNull();
		unmount();
		render(ControlBar, { ...props, stale: true });
		expect(screen.getByRole('status')).toHaveTextContent('(last known)');
		expect(screen.getByTestId('timer-stale')).toHaveTextContent('waiting for the server');
	});
});
