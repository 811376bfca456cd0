import type { z } from 'zod';

// How the portal types the body of a write from the request schema the server validates it with.

/**
 * The body of a write as the portal sends it, typed from its request schema: each field the schema
 * takes as sent, and a field the schema takes as anything and converts (an id, a form's number or
 * boolean text) as what it becomes, so the portal sends the converted value.
 */
export type RequestBody<S extends z.ZodType> = {
  [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? z.output<S>[K & keyof z.output<S>] : z.input<S>[K];
};

/** A create's file fields: a chosen file, sent as multipart; left out, the object has none. */
export type FileUploads<F extends string> = { [K in F]?: Blob };

/**
 * An edit's file fields: a new file replaces the stored one; null with `<field>_clear: true` removes it
 * (a file field never carries a URL back); left out, the file stays.
 */
export type FileChanges<F extends string> = { [K in F]?: Blob | null } & { [K in F as `${K}_clear`]?: true };
