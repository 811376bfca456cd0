import type { FastifyRequest } from 'fastify';
import { readForm, type UploadedFile } from './uploads';

// Writes that may carry files (questions, quizzes, polls, client settings) come as JSON or as multipart.
// A route that takes both runs readFormBody before validation (`preValidation: readFormBody`): a form's
// text fields become the body, so the route's contract schema validates JSON and forms alike, and its files
// wait in request.form until the service has checked the rest and stores them.
//
// How a write removes a stored file (the PATCH calls of the API): a file field never carries a URL back, so removal is
// said with `<field>_clear=true` (form text or JSON), or with the field itself sent empty or as a JSON null.
// Anything else (a URL string, nothing) keeps it; a file sent in the same write wins.

export interface SentForm {
  /** The body as sent, before validation: the form's text fields, or the JSON object. */
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by readFormBody; read it with fileChangesOf(request, fields). */
    form: SentForm | null;
  }
}

/** What a write does to its file fields: the files it stores, and those it removes. */
export interface FileChanges<F extends string> {
  files: Partial<Record<F, UploadedFile>>;
  clears: Partial<Record<F, boolean>>;
}

export async function readFormBody(request: FastifyRequest): Promise<void> {
  if (request.isMultipart()) {
    const form = await readForm(request);
    request.body = form.fields;
    request.form = form;
    return;
  }
  const body = request.body;
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  request.form = { fields, files: {} };
}

const TRUE_VALUES = ['true', '1', 'on'];

function isTrue(value: unknown): boolean {
  if (value === true) return true;
  const text = Array.isArray(value) ? value.at(-1) : value;
  return typeof text === 'string' && TRUE_VALUES.includes(text.toLowerCase());
}

/** Whether the sent fields ask to remove `field`'s file. */
export function asksToClear(fields: Record<string, unknown>, field: string): boolean {
  return isTrue(fields[`${field}_clear`]) || fields[field] === '' || fields[field] === null;
}

/** The file changes a write sent (read by readFormBody) for its file fields. */
export function fileChangesOf<F extends string>(request: FastifyRequest, fields: readonly F[]): FileChanges<F> {
  const form = request.form ?? { fields: {}, files: {} };
  const changes: FileChanges<F> = { files: {}, clears: {} };
  for (const field of fields) {
    const file = form.files[field];
    if (file) changes.files[field] = file;
    else if (asksToClear(form.fields, field)) changes.clears[field] = true;
  }
  return changes;
}
