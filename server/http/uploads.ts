import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/** One uploaded file, read into memory: its bytes, and the name and type the browser gave it. */
export type Upload = { data: Buffer; filename: string; mimetype: string };

/**
 * Reads the one file of a multipart upload into memory, refusing (413) as soon as it passes
 * `maxBytes`, so an oversize upload is never stored. Only a declared type matching `accept`
 * gets through; the service still decodes the bytes before trusting them. A body that is not
 * well-formed multipart is the caller's fault (400), never a server error.
 */
export async function readSingleFile(request: FastifyRequest, maxBytes: number, accept: RegExp): Promise<Buffer> {
  return (await readUpload(request, maxBytes, accept)).data;
}

/** readSingleFile, answering the file name and declared type too. */
export async function readUpload(request: FastifyRequest, maxBytes: number, accept: RegExp): Promise<Upload> {
  if (!request.isMultipart()) throw new ApiError(400, 'fileMissing');
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });
    if (!file) throw new ApiError(400, 'fileMissing');
    if (!accept.test(file.mimetype)) {
      file.file.resume();
      throw new ApiError(400, 'notImage');
    }
    return { data: await readFileBytes(file, maxBytes), filename: file.filename, mimetype: file.mimetype };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw new ApiError(400, 'malformedBody');
  }
}

const tooLarge = (maxBytes: number) => new ApiError(413, 'fileTooLarge', { mb: Math.round(maxBytes / 1024 / 1024) });

/**
 * The whole file, or 413 when it is longer than `maxBytes`. busboy reads one byte past the limit
 * before it marks the stream truncated, but @fastify/multipart's toBuffer only looks at that mark
 * after a chunk arrives: when the limit falls exactly on a chunk boundary no chunk follows the
 * mark and it answers the first `maxBytes` bytes as if they were the file. So the mark (and the
 * length) are checked here once the stream has ended.
 */
async function readFileBytes(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  const data = await part.toBuffer();
  if (part.file.truncated || data.length > maxBytes) throw tooLarge(maxBytes);
  return data;
}

/** One uploaded file with the plain form fields sent beside it. */
export type UploadWithFields = Upload & { fields: Record<string, string> };

/**
 * readUpload for a form that also carries plain fields, wherever they stand (before or after
 * the file): the same limits and refusals, and the fields as strings for the caller to validate.
 */
export async function readUploadWithFields(
  request: FastifyRequest,
  maxBytes: number,
  accept: RegExp,
): Promise<UploadWithFields> {
  if (!request.isMultipart()) throw new ApiError(400, 'fileMissing');
  const fields: [string, string][] = [];
  let upload: Upload | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } })) {
      if (part.type === 'field') {
        fields.push([part.fieldname, String(part.value)]);
        continue;
      }
      if (!accept.test(part.mimetype)) {
        part.file.resume();
        throw new ApiError(400, 'notImage');
      }
      upload = { data: await readFileBytes(part, maxBytes), filename: part.filename, mimetype: part.mimetype };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw new ApiError(400, 'malformedBody');
  }
  if (!upload) throw new ApiError(400, 'fileMissing');
  // fromEntries makes a field named __proto__ an own key (refused later), never the prototype.
  return { ...upload, fields: Object.fromEntries(fields) };
}
