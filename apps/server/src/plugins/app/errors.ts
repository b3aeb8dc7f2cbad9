import { DEFAULT_LOCALE } from '@rally/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fillWords, namesWords, wordsConfigOf, wordsIn } from '../../lib/client-words.ts';
import { HttpError } from '../../lib/errors.ts';

/**
 * Turns every failure into `{message}` (plus `code`) with a fitting status; 5xx details stay in the log. A message
 * naming a project or a team (`$t(words.project)`) says the request's client's word for it (issue 23), in English
 * as every API message is; the web shows its translation with the same word.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((raw: FastifyError, request, reply) => {
    // Drizzle wraps what a query threw (the scheduler's 503 among them) in an error of its own, the cause kept.
    const error = raw.cause instanceof HttpError ? raw.cause : raw;
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      const message = namesWords(error.message)
        ? fillWords(error.message, wordsIn(DEFAULT_LOCALE, wordsConfigOf(request.tenant?.client)))
        : error.message;
      return reply.status(error.statusCode).send(error.code ? { message, code: error.code } : { message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const where = error.validationContext === 'body' ? '' : `${error.validationContext} `;
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const params = issue.params as { issue?: { message?: string } };
      const message = params.issue?.message ?? issue.message ?? 'is invalid';
      // Messages that already name their field ("First name must be…" for first_name) are kept as they are.
      const fieldWords = path.split('.').at(-1)!.replaceAll('_', ' ').toLowerCase();
      const isNamed = path === '' || message.toLowerCase().startsWith(fieldWords);
      const named = isNamed ? message : `${where}${path}: ${message}`;
      return reply.status(400).send({ message: named, code: 'invalid_input' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.status(status).send({ message: friendly(error) });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}

function friendly(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty; send a JSON object';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'Send the file as multipart/form-data';
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'File is too large';
    default:
      if (error instanceof SyntaxError) return `Request body is not valid JSON: ${error.message}`;
      return error.message;
  }
}
