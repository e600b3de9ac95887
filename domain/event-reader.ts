import * as v from 'valibot';

/** A stored event as the log gives it back: untrusted JSON until parsed. */
export interface StoredEvent {
  position: number;
  streamId: string;
  version: number;
  type: string;
  data: unknown;
}

/** A stored event that no schema of its type and version accepts: the log is not what the code expects. */
export class UnreadableEvent extends Error {
  constructor(
    readonly event: StoredEvent,
    reason: string,
  ) {
    super(
      `event at position ${event.position} (${event.streamId} version ${event.version}, ${event.type}) is unreadable: ${reason}`,
    );
    this.name = 'UnreadableEvent';
  }
}

/**
 * The versions of one event type's data, oldest first: version n is `versions[n - 1]`. Each version
 * but the newest carries `upcast`, turning its data into the next version's; reading an old event
 * parses it with its own schema, then upcasts it step by step to the newest shape. The newest
 * schema's output must be the event's `Data`: a required field added to the type and not to the
 * schema (which would drop it from every event read) does not compile. An optional one is not
 * caught: add it to the schema in the same change.
 */
export type EventVersions<Data = unknown> = readonly [
  ...{ schema: v.GenericSchema; upcast?: (data: never) => unknown }[],
  { schema: v.GenericSchema<unknown, Data>; upcast?: never },
];

/**
 * A reader for a family of events: parses `data` with the schema of the event's type and
 * `schemaVersion`, upcasts it to the newest version, and returns `{ type, data }` typed as the
 * family's union. Anything else (an unknown type or version, a field missing or of the wrong type)
 * throws an UnreadableEvent naming the event's position, never a half-right event.
 */
export function eventReader<Event extends { type: string; data: unknown }>(
  versionsByType: { [Type in Event['type']]: EventVersions<Extract<Event, { type: Type }>['data']> },
) {
  const table = versionsByType as Record<string, EventVersions>;
  return (event: StoredEvent): Event => {
    const versions = Object.hasOwn(table, event.type) ? table[event.type] : undefined;
    if (!versions) throw new UnreadableEvent(event, `unknown event type "${event.type}"`);
    const declared =
      typeof event.data === 'object' && event.data !== null
        ? (event.data as { schemaVersion?: unknown }).schemaVersion
        : undefined;
    if (typeof declared !== 'number' || !Number.isInteger(declared) || declared < 1 || declared > versions.length) {
      throw new UnreadableEvent(
        event,
        `unknown schemaVersion ${JSON.stringify(declared)} (known: 1 to ${versions.length})`,
      );
    }
    const parsed = v.safeParse(versions[declared - 1]!.schema, event.data);
    if (!parsed.success) {
      const issues = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'data'}: ${issue.message}`).join('; ');
      throw new UnreadableEvent(event, issues);
    }
    let data: unknown = parsed.output;
    for (let version = declared; version < versions.length; version++) {
      const upcast = versions[version - 1]!.upcast as ((data: unknown) => unknown) | undefined;
      if (!upcast) throw new Error(`${event.type} version ${version} has no upcaster to version ${version + 1}`);
      data = upcast(data);
    }
    return { type: event.type, data } as Event;
  };
}
