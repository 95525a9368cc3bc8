// Proves the OpenAPI document is generated from the contract: every endpoint of the route
// table is in it, the recursive white-label tree renders as a component that refers to
// itself, operator calls carry their security scheme, and the committed file is current.
import { readFileSync } from 'node:fs';
import { ENDPOINTS } from '@lanna/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatOpenApiDocument, generateOpenApiDocument, OPENAPI_FILE } from './document.ts';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[] }>>;
  components: {
    schemas: Record<string, { properties?: Record<string, { items?: { $ref?: string } }> }>;
  };
};

let document: Document;

beforeAll(async () => {
  document = (await generateOpenApiDocument()) as Document;
});

describe('OpenAPI document', () => {
  it('documents every endpoint of the route table', () => {
    for (const endpoint of ENDPOINTS) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.[endpoint.method.toLowerCase()], path).toBeDefined();
    }
  });

  it('renders the recursive white-label tree as a self-referencing component', () => {
    const node = document.components.schemas.WhitelabelNode;
    expect(node?.properties?.childrenNodes?.items?.$ref).toBe(
      '#/components/schemas/WhitelabelNode',
    );
    expect(JSON.stringify(document)).not.toContain('#/$defs');
  });

  it('marks operator calls with the bearer scheme', () => {
    expect(document.paths['/ops/merchants/{merchantCode}/access']?.put?.security).toEqual([
      { operatorKey: [] },
    ]);
  });

  it('matches the committed apps/server/openapi.json (regenerate with src/openapi/write.ts)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(formatOpenApiDocument(document));
  });
});
