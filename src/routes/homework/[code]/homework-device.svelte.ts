/**
 * A student's homework as this phone keeps it (issue 20): who joined (no account, a device
 * token), the answers checked here, and the outbox of answers not yet sent. Every change is kept
 * on the phone at once ($lib/homework/device); the outbox is sent now, when the phone comes back
 * online, and every 5 s while answers wait (a phone may say it is online while nothing gets
 * through). Make it while a component initialises (it keeps an `onMount`).
 */
import { onMount } from 'svelte';
import { postJson } from '$lib/class/live.svelte';
import {
	flushDevice,
	loadDevice,
	saveDevice,
	withAnswer,
	type DeviceAnswer,
	type DeviceHomework
} from '$lib/homework/device';
import { KEEP_HOMEWORK_PAGE, type KeepHomeworkPage } from '$lib/homework/offline-page';

/** The homework on this phone; see the module comment. */
export class HomeworkDevice {
	/** What the phone keeps, once read (null: nobody joined on this phone). */
	record = $state<DeviceHomework | null>(null);
	/** The phone's record has been read. */
	loaded = $state(false);
	/** Why the last sending failed, or ''. */
	unsent = $state('');
	#sending = false;

	/** The homework of join code `code`. */
	constructor(readonly code: string) {
		onMount(() => {
			keepForOffline();
			this.record = loadDevice(code);
			this.loaded = true;
			void this.flush();
			const again = () => void this.flush();
			window.addEventListener('online', again);
			const timer = setInterval(again, 5000);
			return () => {
				window.removeEventListener('online', again);
				clearInterval(timer);
			};
		});
	}

	/** Joins as `name`; throws the server's refusal (a name taken, a bad code) for the form. */
	join = async (name: string) => {
		const joined = await postJson<{ studentId: string; name: string; token: string | null }>(
			`/api/homework/${this.code}/join`,
			{ name }
		);
		this.#keep({
			studentId: joined.studentId,
			name: joined.name,
			token: joined.token ?? '',
			answers: [],
			outbox: []
		});
	};

	/** Keeps a checked answer and sends it. */
	answered = (answer: DeviceAnswer) => {
		if (!this.record) return;
		this.#keep(withAnswer(this.record, answer));
		void this.flush();
	};

	/** Sends the outbox (one sending at a time); a failure is kept in `unsent`. */
	async flush() {
		const record = this.record;
		if (!record || record.outbox.length === 0 || this.#sending) return;
		this.#sending = true;
		try {
			this.#keep(
				await flushDevice(record, async (answers) => {
					const res = await fetch(`/api/homework/${this.code}/answers`, {
						method: 'POST',
						headers: {
							'content-type': 'application/json',
							authorization: `Bearer ${record.token}`
						},
						body: JSON.stringify({ answers })
					});
					if (!res.ok) throw new Error(`The server answered ${res.status}.`);
					return (await res.json()) as { kept: number[] };
				})
			);
			this.unsent = '';
		} catch (error) {
			this.unsent = error instanceof Error ? error.message : 'Not sent.';
		} finally {
			this.#sending = false;
		}
	}

	#keep(record: DeviceHomework) {
		this.record = record;
		saveDevice(this.code, record);
	}
}

/** Asks the service worker to keep this page, so it reloads offline (its first visit came before the worker). */
function keepForOffline() {
	const message: KeepHomeworkPage = { type: KEEP_HOMEWORK_PAGE, path: location.pathname };
	navigator.serviceWorker?.ready
		.then((registration) => registration.active?.postMessage(message))
		.catch(() => undefined);
}
