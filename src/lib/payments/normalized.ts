/**
 * An outcome that passed validation (`./validate`), with every optional field filled in with its
 * default: the shape settle, grade, diagnose and the breakdown all read. Amounts in points.
 */
import type {
	MisnamedDiscardOutcome,
	PaymentError,
	Seat,
	WallGameOutcome,
	WinOutcome
} from './types';

/** A win with every optional field filled in with its default (P6, P7, P9). */
export type NormalizedWin = Required<Omit<WinOutcome, 'discarder'>> & { discarder?: Seat };

/** A misnamed discard with `dead` filled in. */
export type NormalizedMisnamed = Required<MisnamedDiscardOutcome>;

/** An outcome that passed validation, with defaults filled in. */
export type NormalizedOutcome = NormalizedWin | WallGameOutcome | NormalizedMisnamed;

/** Validation's answer: the normalized outcome, or the first reason it is impossible. */
export type ValidationResult =
	{ ok: true; outcome: NormalizedOutcome } | { ok: false; error: PaymentError };
