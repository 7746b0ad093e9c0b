/**
 * Straight arrows (issue 18): `src/lib/components/` holds the shared components, so it imports
 * only foundations (payments, scenarios, glossary, rules, offline, machines), never a feature
 * folder (progress, table, lessons, quiz, class, ...). A feature's components may then import
 * `components/` without a cycle. Read from the source files, so the arrow cannot come back.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const LIB = resolve('src/lib');
const COMPONENTS = join(LIB, 'components');
/** The folders of src/lib that a shared component may import. */
const FOUNDATIONS = [
	'components',
	'payments',
	'scenarios',
	'glossary',
	'rules',
	'offline',
	'machines'
];

/** Every file below `dir`, as absolute paths. */
function filesBelow(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesBelow(join(dir, entry.name)) : [join(dir, entry.name)]
	);
}

/** The module specifiers a source file imports (static, dynamic and `export ... from`). */
export function importsOf(source: string): string[] {
	const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g);
	return [...found].map((m) => m[1]!);
}

/** The folder of src/lib a specifier in `file` points into ('' for a package or outside src/lib). */
export function libFolderOf(specifier: string, file: string): string {
	const path = specifier.startsWith('$lib/')
		? join(LIB, specifier.slice('$lib/'.length))
		: specifier.startsWith('.')
			? resolve(dirname(file), specifier)
			: null;
	if (!path) return '';
	const inLib = relative(LIB, path);
	return inLib.startsWith('..') ? '' : inLib.split(/[\\/]/)[0]!;
}

describe('the arrows of src/lib', () => {
	it('reads imports of every form', () => {
		const file = join(COMPONENTS, 'X.svelte');
		const source = `import A from './A.svelte';\nimport { b } from '$lib/table/hand';\nconst c = import('../progress/p');\nimport '$lib/quiz/q';`;
		expect(importsOf(source).map((s) => libFolderOf(s, file))).toEqual([
			'components',
			'table',
			'progress',
			'quiz'
		]);
	});

	it('has no shared component importing a feature folder', () => {
		const wrong = filesBelow(COMPONENTS).flatMap((file) =>
			importsOf(readFileSync(file, 'utf8'))
				.filter((specifier) => {
					const folder = libFolderOf(specifier, file);
					return folder !== '' && !FOUNDATIONS.includes(folder);
				})
				.map((specifier) => `${relative(LIB, file)} imports ${specifier}`)
		);
		expect(wrong).toEqual([]);
	});
});
