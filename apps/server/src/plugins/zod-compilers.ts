import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * The contract's zod schemas validate and serialise every route. Given to Fastify as its
 * compiler factories (`schemaController.compilersFactory`) rather than set after creation,
 * Fastify never loads its defaults, ajv and fast-json-stringify: a few hundred files that only
 * slowed the start. Fastify types the factories for those defaults; it calls the compilers
 * they return exactly as the ones setValidatorCompiler and setSerializerCompiler take.
 */
export const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;
