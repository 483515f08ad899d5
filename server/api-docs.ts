import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI description of every call, built from the routes' contract schemas, and its page at /api/docs. */
export async function apiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Storefront API', version: '0.1.0', description: 'Calls of the ticket storefront.' },
      components: {
        securitySchemes: {
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN' },
          staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_session' },
          deviceKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'A check-in device key (ckd_…), made in the back office and shown once.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
