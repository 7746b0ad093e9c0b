/**
 * A night in a link (the ledger's "Share the night"): the whole night travels in the address's
 * fragment, compressed (deflate-raw through the browser's own CompressionStream) and written in
 * base64url, so no account and nothing on the server is needed, and the fragment never reaches
 * the server at all. Opening the link reads the night back strictly (`readNight`) and shows it
 * read only. The code changes with every change to the night, so a night edited later gives a
 * new link. Pure apart from the streams (no I/O); works in browsers and in Node 20.
 */
import { readNight, type Night } from '$lib/ledger';
import type { AmountUnit } from '$lib/payments';
import { NO_NIGHT } from './share-words';

/** The path of the read-only view of a shared night. */
export const SHARED_NIGHT_PATH = '/table/night';
/** The first characters of a code: its version (compressed JSON). */
const PREFIX = 'n1.';
/** The longest code read back (characters): far above any real night. */
const MAX_CODE = 200_000;

/** What a link carries: the night, when it was last changed (ISO) and the unit it was shown in. */
export interface SharedNight {
	night: Night;
	updatedAt: string;
	unit: AmountUnit;
}

const FIELDS = ['night', 'updatedAt', 'unit'];

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream) {
	const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
	return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
	let text = '';
	for (let i = 0; i < bytes.length; i += 0x8000) {
		text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	}
	return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(code: string): Uint8Array {
	const text = atob(code.replaceAll('-', '+').replaceAll('_', '/'));
	return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** The code of a shared night (what follows `#` in its link): "n1." and the compressed JSON. */
export async function encodeNight(shared: SharedNight): Promise<string> {
	const json = JSON.stringify({
		night: shared.night,
		updatedAt: shared.updatedAt,
		unit: shared.unit
	});
	const packed = await through(
		new TextEncoder().encode(json),
		new CompressionStream('deflate-raw')
	);
	return PREFIX + toBase64Url(packed);
}

/** The link that opens a shared night read only, on `origin` ("https://coach.example"). */
export async function nightLink(origin: string, shared: SharedNight): Promise<string> {
	return `${origin}${SHARED_NIGHT_PATH}#${await encodeNight(shared)}`;
}

/** Why a link could not be read: a plain sentence for the page. */
export type ShareError = { error: string };

const BROKEN =
	'This link does not hold a night the app can read: it may have been cut short when it was copied. Ask for the link again.';

/**
 * The night a code carries (the fragment, with or without its `#`), read strictly, or why not.
 * Never throws.
 */
export async function decodeNight(code: string): Promise<SharedNight | ShareError> {
	const text = code.replace(/^#/, '').trim();
	if (text === '') return { error: NO_NIGHT };
	if (!text.startsWith(PREFIX) || text.length > MAX_CODE) return { error: BROKEN };
	let json: unknown;
	try {
		const bytes = await through(
			fromBase64Url(text.slice(PREFIX.length)),
			new DecompressionStream('deflate-raw')
		);
		json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
	} catch {
		return { error: BROKEN };
	}
	if (typeof json !== 'object' || json === null || Array.isArray(json)) return { error: BROKEN };
	const raw = json as Record<string, unknown>;
	if (Object.keys(raw).some((k) => !FIELDS.includes(k))) return { error: BROKEN };
	const read = readNight(raw.night);
	if ('error' in read) return { error: `${BROKEN} (${read.error.message})` };
	const updatedAt =
		typeof raw.updatedAt === 'string' && !Number.isNaN(Date.parse(raw.updatedAt))
			? raw.updatedAt
			: '';
	return { night: read.night, updatedAt, unit: raw.unit === 'money' ? 'money' : 'points' };
}
