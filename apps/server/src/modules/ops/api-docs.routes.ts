import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';

const DOCS = '/restpp/docs';
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

const escape = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The top-level fields of a schema, for the page (the JSON document has the whole schema). */
function fieldsOf(schema: unknown): string[] {
  const s = schema as { properties?: Record<string, unknown>; anyOf?: unknown[]; allOf?: unknown[] } | undefined;
  if (!s) return [];
  if (s.properties) return Object.keys(s.properties);
  return [...new Set([...(s.anyOf ?? []), ...(s.allOf ?? [])].flatMap(fieldsOf))];
}

function operationHtml(method: string, path: string, op: OpenAPIV3_1.OperationObject): string {
  const params = (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const body = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.['application/json']?.schema;
  const ok = Object.entries(op.responses ?? {}).find(([status]) => status.startsWith('2') || status.startsWith('3'));
  const answer = ok ? (ok[1] as OpenAPIV3_1.ResponseObject) : undefined;
  const answerFields = fieldsOf(answer?.content?.['application/json']?.schema).filter((f) => f !== 'success' && f !== 'response');
  const row = (label: string, items: string[]) => (items.length ? `<dt>${label}</dt><dd>${items.map((i) => `<code>${escape(i)}</code>`).join(' ')}</dd>` : '');
  return `<section><h3><code>${method.toUpperCase()} ${escape(path)}</code></h3><p>${escape(op.summary ?? '')}</p><dl>${row(
    'Parameters',
    params.map((p) => `${p.name} (${p.in})`),
  )}${row('Body', fieldsOf(body))}${row(ok ? `Answer ${ok[0]}` : 'Answer', answerFields.length ? answerFields : [answer?.description ?? ''])}</dl></section>`;
}

function page(doc: OpenAPIV3_1.Document): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2 id="${escape(tag)}">${escape(tag)}</h2>${ops.join('')}`).join('');
  const nav = [...byTag.keys()].map((tag) => `<a href="#${escape(tag)}">${escape(tag)}</a>`).join(' · ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(doc.info.title)}</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}section{border-top:1px solid #ddd;padding:.5rem 0}h3{margin:.25rem 0;font-size:1rem}dt{font-weight:600}dd{margin:0 0 .25rem 1rem}code{background:#f4f4f4;padding:0 .2rem}</style></head><body><h1>${escape(doc.info.title)}</h1><p>${escape(doc.info.description ?? '')} Every answer as JSON Schema: <a href="${DOCS}/json">${DOCS}/json</a> (OpenAPI ${escape(doc.openapi)}).</p><nav>${nav}</nav>${sections}</body></html>`;
}

/**
 * The API's OpenAPI document and a page that lists its operations (docs/decisions/017), both built
 * on their first request from the routes' contract entries (http/contract.ts) and kept.
 */
export async function apiDocsRoutes(app: FastifyInstance) {
  let html: string | null = null;
  app.get(`${DOCS}/json`, async () => app.swagger());
  app.get(DOCS, async (_req, reply) => {
    html ??= page(app.swagger() as OpenAPIV3_1.Document);
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
