import { findControlCharacter } from '@rally/shared';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { badRequest } from '../../lib/errors.ts';

/**
 * Every route's input is validated by its zod schema, after one check shared by all of them: no text anywhere
 * in a body, query or path may hold a control character (NUL, escape codes, broken UTF-16). Such input is never
 * meant (PostgreSQL refuses NUL in text, terminals and logs act on escapes), so it is refused with 400 naming
 * the field, in this one place instead of route by route.
 */
export function registerValidation(app: FastifyInstance) {
  const compile: FastifySchemaCompiler<ZodType> = (route) => {
    const validate = validatorCompiler(route);
    const where = route.httpPart === 'body' ? '' : `${route.httpPart} `;
    return (data: unknown) => {
      const path = findControlCharacter(data);
      if (path !== null) {
        return {
          error: badRequest(`${where}${path || 'text'} must not contain control characters`, 'invalid_input'),
        };
      }
      return validate(data);
    };
  };
  app.setValidatorCompiler(compile);
}
