import type { Bus } from '../../lib/bus.ts';

/** Who an open live stream belongs to. */
export interface StreamViewer {
  clientId: string;
  userId: string;
}

/** Writes one event to the open stream (`data` is sent as JSON: ids and small values only). */
export type StreamSend = (event: string, data: Record<string, unknown>) => void;

/**
 * A module's events on the live stream: called when a stream opens, it starts passing the viewer's events to `send`
 * and answers the function that stops it (called when the stream closes).
 */
export type StreamSource = (viewer: StreamViewer, send: StreamSend) => () => void;

// Other modules' events reach the one live stream through here rather than notifications importing them (module
// imports never form a cycle). Kept per bus, so that each app of a process (tests build several) has its own.
const sources = new WeakMap<Bus, Map<string, StreamSource>>();

/** Registers (or replaces) a module's source of live events for the streams of the app on this bus. */
export function registerStreamSource(bus: Bus, name: string, source: StreamSource): void {
  const byName = sources.get(bus) ?? new Map<string, StreamSource>();
  byName.set(name, source);
  sources.set(bus, byName);
}

/** The sources registered for the app on this bus. */
export function streamSourcesOf(bus: Bus): StreamSource[] {
  return [...(sources.get(bus)?.values() ?? [])];
}
