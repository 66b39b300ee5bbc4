// Shared by the end-to-end tests: start groundgate (mock upstream and proxy) as child
// processes on free ports, stop them, and read streamed answers the way an app would.
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import OpenAI from 'openai';

export const BIN = process.env.GROUNDGATE_BIN;
const START_TIMEOUT_MS = 15000;
const EXIT_TIMEOUT_MS = 15000;

function listenOnAnyPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

// Ports that were free a moment ago (the proxy does not report port 0 back reliably). All are
// held open together so that they differ.
export async function freePorts(count) {
  const servers = await Promise.all(Array.from({length: count}, listenOnAnyPort));
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

// Spawns BIN with args; keeps the last output for failure messages.
export function start(name, args) {
  const child = spawn(BIN, args, {stdio: ['ignore', 'pipe', 'pipe']});
  const proc = {name, child, output: '', exit: null};
  const keep = (chunk) => {
    proc.output = (proc.output + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  proc.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      proc.exit = {code, signal};
      resolve(proc.exit);
    });
    child.once('error', (error) => {
      proc.exit = {code: null, signal: null, error};
      resolve(proc.exit);
    });
  });
  return proc;
}

export async function waitFor(what, proc, probe) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (proc.exit) {
      throw new Error(
          `${proc.name} exited (${JSON.stringify(proc.exit)}) before ${what}:\n${proc.output}`);
    }
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}; ${proc.name} said:\n${proc.output}`);
}

// SIGTERM, then the exit status; SIGKILL if it does not leave in time.
export async function stop(proc) {
  if (!proc || proc.exit) return proc?.exit;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
  const exit = await proc.exited;
  clearTimeout(timer);
  return exit;
}

export async function collect(stream) {
  const chunks = [];
  for await (const chunk of stream)
    chunks.push(chunk);
  return chunks;
}

// Concatenated delta text and the last finish_reason, per choice index.
export function byChoice(chunks, textOf) {
  const choices = new Map();
  for (const chunk of chunks) {
    for (const choice of chunk.choices) {
      const entry = choices.get(choice.index) ?? {text: '', finish: null};
      entry.text += textOf(choice) ?? '';
      if (choice.finish_reason) entry.finish = choice.finish_reason;
      choices.set(choice.index, entry);
    }
  }
  return choices;
}

export const chatText = (choice) => choice.delta?.content;
export const completionText = (choice) => choice.text;

// Starts the mock upstream with `script` (YAML), or uses the upstream already listening on
// `upstreamPort` (a test's own), and the proxy with `policies` and `routes` (YAML lines,
// indented under their keys; the upstream is called `mock`). Returns an OpenAI client pointed
// at the proxy and a stop() that checks the proxy exits 0 on SIGTERM.
export async function startStack({script, policies, routes, upstreamPort}) {
  assert.ok(BIN, 'set GROUNDGATE_BIN to the groundgate binary');
  const dir = mkdtempSync(join(tmpdir(), 'gg-e2e-'));
  const [freeMockPort, proxyPort, adminPort] = await freePorts(3);
  const mockPort = upstreamPort ?? freeMockPort;
  let mock = null;
  if (upstreamPort === undefined) {
    const scriptFile = join(dir, 'script.yaml');
    writeFileSync(scriptFile, script);
    mock = start(
        'mock-upstream',
        ['mock-upstream', '--listen', `127.0.0.1:${mockPort}`, '--script', scriptFile]);
    await waitFor('the mock to listen', mock, async () => mock.output.includes('listening on'));
  }

  const config = join(dir, 'groundgate.yaml');
  writeFileSync(
      config,
      [
        `listen: 127.0.0.1:${proxyPort}`,
        `admin_listen: 127.0.0.1:${adminPort}`,
        'upstreams:',
        `  mock: {url: "http://127.0.0.1:${mockPort}"}`,
        'policies:',
        ...policies,
        'routes:',
        ...routes,
        'logging: {access_log: false}',
        '',
      ].join('\n'),
  );
  const proxy = start('groundgate serve', ['serve', '-c', config]);
  await waitFor('/healthz on the admin port', proxy, async () => {
    const res = await fetch(`http://127.0.0.1:${adminPort}/healthz`);
    return res.ok;
  });
  // No retries: a retried failure would hide a proxy bug.
  const client = new OpenAI({
    baseURL: `http://127.0.0.1:${proxyPort}/v1`,
    apiKey: 'sk-test',
    maxRetries: 0,
    timeout: 20000,
  });
  return {
    client,
    adminPort,
    async stop() {
      const proxyExit = await stop(proxy);
      await stop(mock);
      rmSync(dir, {recursive: true, force: true});
      assert.deepEqual(
          proxyExit, {code: 0, signal: null}, `groundgate serve after SIGTERM:\n${proxy.output}`);
    },
  };
}
