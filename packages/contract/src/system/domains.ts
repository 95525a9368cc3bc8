import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const DomainLineSchema = z.object({
  domainName: z.string(),
  pingPath: z.string(),
});
export type DomainLine = z.infer<typeof DomainLineSchema>;

export const getDomainRoute = defineEndpoint({
  method: 'GET',
  path: '/wps/system/domainRoute',
  summary: 'The main domain and official mirror domains of the merchant',
  tag: 'system',
  auth: 'public',
  value: z.object({ mainDomain: z.string(), mirrors: z.array(z.string()) }),
  errors: ['MERCHANT_NOT_FOUND'],
});

export const getRouters = defineEndpoint({
  method: 'GET',
  path: '/wps/system/routers',
  summary: 'Domains for the server-speed selector; the site tests the first 5',
  tag: 'system',
  auth: 'public',
  query: z.object({ device: z.coerce.number().int().min(0).max(9).default(0) }).strict(),
  value: z.object({ domainList: z.array(DomainLineSchema) }),
  errors: ['MERCHANT_NOT_FOUND', 'VALIDATION_FAILED'],
});
