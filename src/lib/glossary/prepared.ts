/**
 * Sentences whose glossary terms were found elsewhere (the server, with the page's data), so a
 * page shows them as terms without loading the glossary (./terms.ts). Keyed by the sentence.
 */
import type { Piece } from './terms';

const prepared = new Map<string, Piece[]>();

/** Keeps `pieces` as `text` cut where its glossary terms are used (`glossaryPieces(text)`). */
export function preparePieces(text: string, pieces: Piece[]): void {
	prepared.set(text, pieces);
}

/** `text` in pieces, when they were kept (`preparePieces`), else undefined. */
export function preparedPieces(text: string): Piece[] | undefined {
	return prepared.get(text);
}
