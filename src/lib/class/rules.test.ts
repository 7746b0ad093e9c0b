import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClassContext, MachineStudent } from './context';
import { findStudent } from './rules';

const student = (id: string, removed = false): MachineStudent => ({
	id,
	name: `Student ${id}`,
	key: `student ${id}`,
	removed,
	from: 0
});
/** A context with only the students (findStudent reads nothing else). */
const withStudents = (students: MachineStudent[]) => ({ students }) as unknown as ClassContext;

describe('findStudent', () => {
	it('finds the same student on the first look at an array (a search) and on later ones (a table)', () => {
		fc.assert(
			fc.property(
				fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 30 }),
				fc.array(fc.string({ maxLength: 4 }), { maxLength: 10 }),
				(ids, asked) => {
					const students = ids.map((id, i) => student(id, i % 3 === 0));
					const context = withStudents(students);
					for (let round = 0; round < 3; round++) {
						for (const id of [...ids, ...asked]) {
							expect(findStudent(context, id)).toBe(students.find((s) => s.id === id));
						}
					}
				}
			)
		);
	});

	it('reads each new students array afresh (a join makes a new one)', () => {
		const before = withStudents([student('a')]);
		expect(findStudent(before, 'b')).toBeUndefined();
		expect(findStudent(before, 'b')).toBeUndefined();
		const after = withStudents([student('a'), student('b')]);
		expect(findStudent(after, 'b')?.id).toBe('b');
		expect(findStudent(after, 'b')?.id).toBe('b');
		expect(findStudent(before, 'b')).toBeUndefined();
	});
});
