// A stand-in for jsmcp's execute_code path, for side-by-side measurement
// (TestMCPMeasureAB with JUSTBASH_MCP_AB=bench/jsmcp-standin/jsmcp-standin).
// jsmcp itself is not installable here (its npm name answers 404), so this
// is written from the description of its runtime in the shared notes
// (peers.md §1.2): one node:vm context per call in the server's own
// thread, a frozen namespace per upstream server whose functions call the
// upstream through the MCP SDK's client, results unwrapped by jsmcp's
// rules, the value passed through toJsonSafe, the SDK's McpServer over
// stdio. It reads the same --config file as `justbash mcp run` (stdio
// upstreams only) and ignores the other flags.
//
// The SDK and zod come from the test servers' packages
// (sources/mcp/testdata/mcp: `npm ci` there installs them).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import vm from 'node:vm';

const require = createRequire(new URL('../../sources/mcp/testdata/mcp/package.json', import.meta.url));
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const { z } = require('zod');

const cfgPath = process.argv[process.argv.indexOf('--config') + 1];
const cfg = JSON.parse(fs.readFileSync(cfgPath, 'utf8'));
const upstreams = {};
for (const [name, s] of Object.entries(cfg.servers || {})) {
  const [command, ...args] = Array.isArray(s.command) ? s.command : [s.command, ...(s.args || [])];
  const client = new Client({ name: 'jsmcp-standin', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, env: { ...process.env, ...(s.env || {}) }, stderr: 'ignore' }));
  const { tools } = await client.listTools();
  upstreams[name] = { client, tools };
}

// render is jsmcp's unwrapping of a tool result.
function render(res) {
  const content = res.content || [];
  const texts = content.filter((c) => c.type === 'text').map((c) => c.text);
  const text = texts.join('\n');
  if (res.isError) throw new Error(text || 'tool reported an error');
  if (res.structuredContent) return res.structuredContent;
  if (texts.length === content.length) return text;
  return { text, content, meta: res._meta ?? null };
}

function toJsonSafe(v, seen = new WeakSet()) {
  if (v === undefined) return null;
  if (typeof v === 'bigint') return String(v);
  if (typeof v === 'function') return `[Function ${v.name || 'anonymous'}]`;
  if (v && typeof v === 'object') {
    if (seen.has(v)) return '[Circular]';
    seen.add(v);
    const out = Array.isArray(v)
      ? v.map((x) => toJsonSafe(x, seen))
      : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toJsonSafe(x, seen)]));
    seen.delete(v);
    return out;
  }
  return v;
}

function withTimeout(p, ms) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

async function executeCode(code, timeoutMs = 30000) {
  const logs = [];
  const log = (...a) => logs.push(a.join(' '));
  const ctx = { console: { log, info: log, warn: log, error: log }, URL, TextEncoder, TextDecoder, setTimeout, clearTimeout, setInterval, clearInterval };
  for (const [name, up] of Object.entries(upstreams)) {
    const ns = Object.create(null);
    for (const t of up.tools) {
      const call = (args = {}, opts = {}) =>
        up.client.callTool({ name: t.name, arguments: args }, undefined, opts.timeoutMs ? { timeout: opts.timeoutMs } : undefined).then(render);
      ns[t.name] = call;
      const alias = t.name.replace(/[^A-Za-z0-9_$]/g, '_').replace(/^[0-9]/, '_$&');
      if (alias !== t.name) ns[alias] = call;
    }
    ctx[name] = Object.freeze(ns);
  }
  const context = vm.createContext(ctx);
  context.globalThis = context;
  const script = new vm.Script(`(async () => {\n"use strict";\n${code}\n})()`);
  const value = await withTimeout(script.runInContext(context, { timeout: timeoutMs }), timeoutMs);
  return { value: toJsonSafe(value), logs };
}

const server = new McpServer({ name: 'jsmcp-standin', version: '1.0.0' });
server.tool('execute_code', 'Run JavaScript with each server as a namespace', { code: z.string(), timeoutMs: z.number().int().optional() }, async ({ code, timeoutMs }) => {
  try {
    const { value, logs } = await executeCode(code, timeoutMs);
    return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: { result: value, logs } };
  } catch (e) {
    return { content: [{ type: 'text', text: String((e && e.message) || e) }], isError: true };
  }
});
await server.connect(new StdioServerTransport());
