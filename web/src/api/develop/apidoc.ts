import { get } from '../request';

// The API's OpenAPI 3.1 document (研发工具 › 接口文档, issue 52): made by the server from its routes'
// schemas, the platform administrator's unless the server is told to show it to everyone.

export const API_DOCS_PATH = '/api/docs/openapi.json';

/** An OpenAPI document, as the viewer reads it. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
  tags?: Array<{ name: string; description?: string }>;
}

/** The document (not in the R envelope). */
export function openApiDocument(): Promise<OpenApiDocument> {
  return get<OpenApiDocument>(API_DOCS_PATH, undefined, { raw: true });
}
