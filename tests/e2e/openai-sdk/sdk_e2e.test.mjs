// End to end: the official OpenAI Node SDK talks to groundgate, which sits in front of its own
// mock upstream. Proves drop-in use: the SDK parses every answer, streamed or not, unchanged
// except where the route's policy rewrites text.
//
// Run: GROUNDGATE_BIN=build/proxy/cli/groundgate node --test sdk_e2e.test.mjs
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, before, describe, test} from 'node:test';
import OpenAI from 'openai';

const BIN = process.env.GROUNDGATE_BIN;
const START_TIMEOUT_MS = 15000;
const EXIT_TIMEOUT_MS = 15000;
const PHRASE = 'internal use only';
const SCRIPTED_ANSWER =
    `The roadmap document is marked ${PHRASE}. It says the release ships in March.`;
const MODEL = 'gpt-4o-mini';

function listenOnAnyPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

// Ports that were free a moment ago (the proxy does not report port 0 back reliably). All are
// held open together so that they differ.
async function freePorts(count) {
  const servers = await Promise.all(Array.from({length: count}, listenOnAnyPort));
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

// Spawns BIN with args; keeps the last output for failure messages.
function start(name, args) {
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

async function waitFor(what, proc, probe) {
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
async function stop(proc) {
  if (!proc || proc.exit) return proc?.exit;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
  const exit = await proc.exited;
  clearTimeout(timer);
  return exit;
}

async function collect(stream) {
  const chunks = [];
  for await (const chunk of stream)
    chunks.push(chunk);
  return chunks;
}

// Concatenated delta text and the last finish_reason, per choice index.
function byChoice(chunks, textOf) {
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

const chatText = (choice) => choice.delta?.content;
const completionText = (choice) => choice.text;

describe('OpenAI Node SDK through groundgate', {timeout: 90000}, () => {
  let dir;
  let mock;
  let proxy;
  let client;

  before(async () => {
    assert.ok(BIN, 'set GROUNDGATE_BIN to the groundgate binary');
    dir = mkdtempSync(join(tmpdir(), 'gg-e2e-'));
    const [mockPort, proxyPort, adminPort] = await freePorts(3);

    const script = join(dir, 'script.yaml');
    writeFileSync(script, `- match: "internal"\n  answer: "${SCRIPTED_ANSWER}"\n`);
    mock = start(
        'mock-upstream',
        ['mock-upstream', '--listen', `127.0.0.1:${mockPort}`, '--script', script]);
    await waitFor('the mock to listen', mock, async () => mock.output.includes('listening on'));

    const config = join(dir, 'groundgate.yaml');
    writeFileSync(
        config,
        [
          `listen: 127.0.0.1:${proxyPort}`,
          `admin_listen: 127.0.0.1:${adminPort}`,
          'upstreams:',
          `  mock: {url: "http://127.0.0.1:${mockPort}"}`,
          'policies:',
          '  redact:',
          `    redact: {phrases: ["${PHRASE}"], replacement: "[redacted]"}`,
          'routes:',
          '  - {name: all, match: {path_prefix: /v1}, upstream: mock, policy: redact}',
          'logging: {access_log: false}',
          '',
        ].join('\n'),
    );
    proxy = start('groundgate serve', ['serve', '-c', config]);
    await waitFor('/healthz on the admin port', proxy, async () => {
      const res = await fetch(`http://127.0.0.1:${adminPort}/healthz`);
      return res.ok;
    });

    // No retries: a retried failure would hide a proxy bug.
    client = new OpenAI({
      baseURL: `http://127.0.0.1:${proxyPort}/v1`,
      apiKey: 'sk-test',
      maxRetries: 0,
      timeout: 20000,
    });
  });

  after(async () => {
    const proxyExit = await stop(proxy);
    await stop(mock);
    if (dir) rmSync(dir, {recursive: true, force: true});
    if (proxy) {
      assert.deepEqual(
          proxyExit, {code: 0, signal: null}, `groundgate serve after SIGTERM:\n${proxy.output}`);
    }
  });

  const messages = [{role: 'user', content: 'When was the Eiffel Tower completed?'}];

  test('non-streaming chat completion', async () => {
    const completion = await client.chat.completions.create({model: MODEL, messages});
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.choices.length, 1);
    assert.equal(completion.choices[0].message.role, 'assistant');
    assert.ok(completion.choices[0].message.content.length > 0);
    assert.equal(completion.choices[0].finish_reason, 'stop');
    assert.ok(completion.usage.total_tokens > 0);
  });

  test('streamed chat deltas add up to the non-streamed answer', async () => {
    const whole = await client.chat.completions.create({model: MODEL, messages});
    const chunks =
        await collect(await client.chat.completions.create({model: MODEL, messages, stream: true}));
    assert.ok(chunks.length > 2, `expected several chunks, got ${chunks.length}`);
    for (const chunk of chunks)
      assert.equal(chunk.object, 'chat.completion.chunk');
    const choices = byChoice(chunks, chatText);
    assert.deepEqual([...choices.keys()], [0]);
    assert.equal(choices.get(0).text, whole.choices[0].message.content);
    assert.equal(choices.get(0).finish, 'stop');
  });

  test('stream_options.include_usage puts usage on the last chunk', async () => {
    const chunks = await collect(
        await client.chat.completions.create({
          model: MODEL,
          messages,
          stream: true,
          stream_options: {include_usage: true},
        }),
    );
    const last = chunks.at(-1);
    assert.deepEqual(last.choices, []);
    assert.ok(last.usage, `last chunk: ${JSON.stringify(last)}`);
    assert.ok(last.usage.completion_tokens > 0);
    assert.equal(last.usage.total_tokens, last.usage.prompt_tokens + last.usage.completion_tokens);
    for (const chunk of chunks.slice(0, -1))
      assert.ok(!chunk.usage, 'only the last chunk carries usage');
  });

  test('n: 2 streams both choices', async () => {
    const chunks = await collect(
        await client.chat.completions.create({model: MODEL, messages, n: 2, stream: true}));
    const choices = byChoice(chunks, chatText);
    assert.deepEqual([...choices.keys()].sort(), [0, 1]);
    for (const [index, choice] of choices) {
      assert.ok(choice.text.length > 0, `choice ${index} is empty`);
      assert.equal(choice.finish, 'stop', `choice ${index} finish_reason`);
    }
  });

  test('legacy completions API, whole and streamed', async () => {
    const prompt = 'Summarise the return policy.';
    const whole =
        await client.completions.create({model: 'gpt-3.5-turbo-instruct', prompt, max_tokens: 200});
    assert.equal(whole.object, 'text_completion');
    assert.ok(whole.choices[0].text.length > 0);

    const chunks = await collect(
        await client.completions.create(
            {model: 'gpt-3.5-turbo-instruct', prompt, max_tokens: 200, stream: true}),
    );
    const choices = byChoice(chunks, completionText);
    assert.equal(choices.get(0).text, whole.choices[0].text);
    assert.ok(choices.get(0).finish, 'a finish_reason at the end');
  });

  test('the policy redacts the phrase in a streamed answer', async () => {
    const chunks = await collect(
        await client.chat.completions.create({
          model: MODEL,
          messages: [{role: 'user', content: 'What does the internal roadmap say?'}],
          stream: true,
        }),
    );
    const {text, finish} = byChoice(chunks, chatText).get(0);
    assert.ok(text.includes('[redacted]'), `streamed text: ${text}`);
    assert.ok(!text.toLowerCase().includes(PHRASE), `streamed text: ${text}`);
    assert.equal(text, SCRIPTED_ANSWER.replace(PHRASE, '[redacted]'));
    assert.equal(finish, 'stop');
  });

  test('the policy redacts the phrase in a whole answer', async () => {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [{role: 'user', content: 'What does the internal roadmap say?'}],
    });
    assert.equal(
        completion.choices[0].message.content, SCRIPTED_ANSWER.replace(PHRASE, '[redacted]'));
  });

  test('models.list()', async () => {
    const ids = [];
    for await (const model of client.models.list())
      ids.push(model.id);
    assert.ok(ids.includes(MODEL), `models: ${ids.join(', ')}`);
  });
});
