import type { MessageParams, ServerMessageKey } from '../i18n';

/** A failure the caller should see: an HTTP status and a catalogue message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: ServerMessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

export const unauthorized = () => new ApiError(401, 'loginRequired');
export const invalidField = (field: string) => new ApiError(400, 'invalidField', { field });
