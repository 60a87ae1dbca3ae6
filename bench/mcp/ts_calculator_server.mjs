// The peer for the benchmark: the official TypeScript SDK's McpServer (v1
// line) over stdio with a calculator tool equivalent to math.calculate
// (same name, schemas and result shape), evaluating with a trivial
// evaluator so the measured cost is the SDK's, not the arithmetic's.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

// The clients and SDK are installed in tests/mcp (scripts/setup-node-clients.sh).
const here = path.dirname(fileURLToPath(import.meta.url));
const requireFromTests = createRequire(path.join(here, '../../tests/mcp/package.json'));
const load = (name) => import(pathToFileURL(requireFromTests.resolve(name)).href);

const { McpServer } = await load('@modelcontextprotocol/sdk/server/mcp.js');
const { StdioServerTransport } = await load('@modelcontextprotocol/sdk/server/stdio.js');
const { z } = await load('zod');

// Integer products and sums only ("17 * 23"); anything else is a syntax error.
function evaluate(expression) {
  const m = /^\s*(\d+)\s*([*+-])\s*(\d+)\s*$/.exec(expression);
  if (!m) return null;
  const a = BigInt(m[1]);
  const b = BigInt(m[3]);
  return String(m[2] === '*' ? a * b : m[2] === '+' ? a + b : a - b);
}

const server = new McpServer({ name: 'ts-calculator', version: '1.0.0' });
server.registerTool(
  'math.calculate',
  {
    title: 'Calculator',
    description: 'Evaluates an arithmetic expression.',
    inputSchema: { expression: z.string().min(1).max(1024) },
    outputSchema: { result: z.string(), result_exact: z.boolean(), expression: z.string() },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  async ({ expression }) => {
    const result = evaluate(expression);
    if (result === null) {
      return { content: [{ type: 'text', text: 'The expression could not be parsed.' }], isError: true };
    }
    return {
      content: [{ type: 'text', text: result }],
      structuredContent: { result, result_exact: true, expression },
    };
  },
);
await server.connect(new StdioServerTransport());
