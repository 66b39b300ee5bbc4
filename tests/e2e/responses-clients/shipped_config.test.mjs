// End to end with the shipped example config (config/examples/openai.yaml, only its upstream
// and ports changed): the three JS clients apps use -- the official OpenAI SDK, the Vercel AI
// SDK and LangChain JS -- are guarded on chat completions and on the Responses API, and each
// reads the verdicts of the answer it just streamed through the admin listener's look-up
// (GET /verdicts/{id}), by the x-groundgate-id header or by the answer's own id, which is all
// a stock SDK gives an app whose streaming drops groundgate's inline annotations.
//
// Run: GROUNDGATE_BIN=build/proxy/cli/groundgate node --test shipped_config.test.mjs
import {createOpenAI} from '@ai-sdk/openai';
import {ChatOpenAI} from '@langchain/openai';
import {streamText} from 'ai';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {after, before, describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import OpenAI from 'openai';

import {collect, freePorts, start, stop, waitFor} from '../openai-sdk/harness.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const CONTEXT = 'Allison Beth Goertz (born March 2, 1991) is an American musician. Goertz is ' +
    'known for her satirical songs.';
const SYSTEM = `Answer from the context. <context>${CONTEXT}</context>`;
const QUESTION = 'Who is Allie Goertz?';
const ANSWER = 'Allie Goertz is an American musician. She was born on March 2, 1994.';

describe('the shipped config guards every client on chat and Responses', {timeout: 120000}, () => {
  let mock;
  let proxy;
  let dir;
  let baseURL;
  let admin;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gg-e2e-shipped-'));
    const [mockPort, proxyPort, adminPort] = await freePorts(3);
    const script = join(dir, 'script.yaml');
    writeFileSync(script, `- match: "Goertz"\n  answer: "${ANSWER}"\n`);
    mock = start('mock-upstream',
                 ['mock-upstream', '--listen', `127.0.0.1:${mockPort}`, '--script', script]);
    await waitFor('the mock to listen', mock, async () => mock.output.includes('listening on'));
    // The example as users copy it; only where it listens and what it forwards to differ (the
    // mock speaks plain HTTP: the upstream's `tls:` settings go with its https:// url).
    const shipped = readFileSync(join(ROOT, 'config/examples/openai.yaml'), 'utf8');
    const config = shipped.replace(/^listen: .*$/m, `listen: 127.0.0.1:${proxyPort}`)
                       .replace(/^admin_listen: .*$/m, `admin_listen: 127.0.0.1:${adminPort}`)
                       .replace('url: https://api.openai.com', `url: http://127.0.0.1:${mockPort}`)
                       .replace(/^    tls:\n(?:      .*\n)+/m, '');
    assert.notEqual(config, shipped);
    writeFileSync(join(dir, 'groundgate.yaml'), config);
    proxy = start('groundgate serve', ['serve', '-c', join(dir, 'groundgate.yaml')]);
    admin = `http://127.0.0.1:${adminPort}`;
    await waitFor('/readyz', proxy, async () => (await fetch(`${admin}/readyz`)).ok);
    baseURL = `http://127.0.0.1:${proxyPort}/v1`;
  });

  after(async () => {
    const exit = await stop(proxy);
    await stop(mock);
    rmSync(dir, {recursive: true, force: true});
    assert.deepEqual(exit, {code: 0, signal: null}, proxy?.output);
  });

  // The look-up's document for `id`; the answer was guarded on `route` and flagged.
  const verdictsOf = async (id, route) => {
    assert.ok(id, 'an id to look up');
    const res = await fetch(`${admin}/verdicts/${encodeURIComponent(id)}`);
    assert.equal(res.status, 200, `${id}: ${await res.clone().text()}`);
    const doc = await res.json();
    assert.equal(doc.route, route);
    assert.equal(doc.policy, 'grounded');
    assert.equal(doc.verdict, 'hallucinated', JSON.stringify(doc));
    const flagged = doc.groundgate.filter((n) => n.type === 'verdict');
    // The wrong year's sentence is flagged, or doubtful where the scorer cannot settle it.
    assert.ok(flagged.some((n) => ['doubtful', 'unsupported', 'contradicted'].includes(n.label) &&
                                  n.offset[0] >= ANSWER.indexOf('She')),
              JSON.stringify(doc));
    assert.equal(doc.groundgate.at(-1).type, 'summary');
    return doc;
  };

  describe('official OpenAI SDK', () => {
    const client = () => new OpenAI({baseURL, apiKey: 'sk-test', maxRetries: 0});

    test('chat.completions, streamed: by the header and by the completion id', async () => {
      const {data, response} = await client()
                                   .chat.completions
                                   .create({
                                     model: 'gpt-4o-mini',
                                     stream: true,
                                     messages: [
                                       {role: 'system', content: SYSTEM},
                                       {role: 'user', content: QUESTION},
                                     ],
                                   })
                                   .withResponse();
      const chunks = await collect(data);
      assert.equal(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join(''), ANSWER);
      const doc = await verdictsOf(response.headers.get('x-groundgate-id'), 'chat');
      assert.equal(doc.response_id, chunks[0].id);
      assert.deepEqual(await verdictsOf(chunks[0].id, 'chat'), doc);
    });

    test('responses, streamed: by the header and by the response id', async () => {
      const {data, response} = await client()
                                   .responses
                                   .create({
                                     model: 'gpt-4o-mini',
                                     stream: true,
                                     instructions: SYSTEM,
                                     input: QUESTION,
                                   })
                                   .withResponse();
      const events = await collect(data);
      const text = events.filter((e) => e.type === 'response.output_text.delta')
                       .map((e) => e.delta)
                       .join('');
      assert.equal(text, ANSWER);
      const doc = await verdictsOf(response.headers.get('x-groundgate-id'), 'responses');
      const created = events.find((e) => e.type === 'response.created');
      assert.equal(doc.response_id, created.response.id);
      assert.deepEqual(await verdictsOf(created.response.id, 'responses'), doc);
    });
  });

  describe('Vercel AI SDK', () => {
    const stream = async (model) => {
      const result = streamText({model, system: SYSTEM, prompt: QUESTION, maxRetries: 0});
      let text = '';
      for await (const delta of result.textStream)
        text += delta;
      return {text, response: await result.response};
    };

    for (const [api, route] of [['responses', 'responses'], ['chat', 'chat']]) {
      test(`${api === 'responses' ? 'the default model (Responses API)' : '.chat(...)'}: ` +
               'textStream shows no verdict, the look-up by response.id does',
           async () => {
             const openai = createOpenAI({baseURL, apiKey: 'sk-test'});
             const model = api === 'responses' ? openai('gpt-4o-mini') : openai.chat('gpt-4o-mini');
             const {text, response} = await stream(model);
             assert.equal(text, ANSWER);
             const doc = await verdictsOf(response.id, route);
             // The header is there too, for apps that read response headers.
             if (response.headers) assert.equal(response.headers['x-groundgate-id'], doc.id);
           });
    }
  });

  describe('LangChain JS', () => {
    const messages = [
      {role: 'system', content: SYSTEM},
      {role: 'user', content: QUESTION},
    ];
    const textOf = (message) => (typeof message.content === 'string' ?
                                     message.content :
                                     message.content.map((part) => part.text ?? '').join(''));

    for (const [useResponsesApi, route] of [[false, 'chat'], [true, 'responses']]) {
      test(`${route}: stream, then the look-up by the message's id`, async () => {
        const model = new ChatOpenAI({
          model: 'gpt-4o-mini',
          apiKey: 'sk-test',
          configuration: {baseURL},
          useResponsesApi,
          maxRetries: 0,
        });
        let text = '';
        let ids = new Set();
        for await (const chunk of await model.stream(messages)) {
          text += textOf(chunk);
          if (chunk.id) ids.add(chunk.id);
          if (chunk.response_metadata?.id) ids.add(chunk.response_metadata.id);
        }
        assert.equal(text, ANSWER);
        // The upstream's id as LangChain hands it on (chatcmpl-… / resp_…).
        const id = [...ids].find((x) => /^(chatcmpl-|resp_)/.test(x));
        assert.ok(id, JSON.stringify([...ids]));
        await verdictsOf(id, route);
      });
    }
  });
});
