/** An error with an HTTP status and a message safe to show the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Seconds after which a retry may succeed (429 and 503 answers carry it as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = 'You need to log in', code?: string) =>
  new HttpError(401, message, code);
export const forbidden = (message = 'You are not allowed to do that', code?: string) =>
  new HttpError(403, message, code);
export const notFound = (message = 'Not found') => new HttpError(404, message);
/**
 * A `.catch` handler that renames what the viewer may not see (403, 404) as `message`'s 404 and passes every other
 * failure on as it is: a busy database stays 503 with Retry-After, never a false "not found".
 */
export const hiddenAs =
  (message: string) =>
  (error: unknown): never => {
    if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 404))
      throw notFound(message);
    throw error;
  };
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
export const tooManyRequests = (message: string, retryAfterSeconds = 900) =>
  new HttpError(429, message, 'rate_limited', retryAfterSeconds);
