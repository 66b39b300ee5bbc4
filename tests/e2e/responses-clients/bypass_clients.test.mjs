// End to end: what the clients apps use would show of a hostile or buggy upstream's answer is
// checked (issue 29). A scripted upstream (a raw HTTP server of this test) answers "30 days"
// where the context says "14 days", in the ways the adversarial round found: text after a
// choice's or part's end, events after [DONE] or after the final Responses event, refusals
// (streamed and whole), a JSON body under an event-stream type, reasoning. The policy blocks
// contradicted sentences with on_error: closed; every case must reach neither the official
// OpenAI Node SDK nor the Vercel AI SDK, and the answer must say it was stopped.
//
// Run: GROUNDGATE_BIN=build/proxy/cli/groundgate node --test bypass_clients.test.mjs
import {createOpenAI} from '@ai-sdk/openai';
import {generateText, streamText} from 'ai';
import assert from 'node:assert/strict';
import {createServer} from 'node:http';
import {after, before, describe, test} from 'node:test';

import {collect, freePorts, startStack} from '../openai-sdk/harness.mjs';

const CONTEXT = 'Refunds are accepted within 14 days of purchase.';
const SYSTEM = `Answer from the context. <context>${CONTEXT}</context>`;
const QUESTION = 'How long do refunds take?';
const RIGHT = 'Refunds are accepted within 14 days of purchase.';
const WRONG = 'Refunds are accepted within 30 days of purchase.';

// --- the scripted upstream: one answer per model name ---------------------------------------

const sse = (events) => events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`).join('');
const named = (events) => events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
const chunk = (choices) =>
    ({id: 'chatcmpl-x', object: 'chat.completion.chunk', created: 1, model: 'm', choices});
const delta = (fields, index = 0, finish = null) => ({index, delta: fields, finish_reason: finish});

const responsesStream = (middle) => named([
  {type: 'response.created', sequence_number: 0,
   response: {id: 'resp_1', object: 'response', created_at: 1, status: 'in_progress', model: 'm', output: []}},
  {type: 'response.output_item.added', sequence_number: 1, output_index: 0,
   item: {id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: []}},
  ...middle,
  {type: 'response.completed', sequence_number: 90,
   response: {id: 'resp_1', object: 'response', created_at: 1, status: 'completed', model: 'm', output: []}},
]);
const partAdded = (part) => ({type: 'response.content_part.added', sequence_number: 2,
  item_id: 'msg_1', output_index: 0, content_index: 0, part});
const textDelta = (text, n) => ({type: 'response.output_text.delta', sequence_number: n,
  item_id: 'msg_1', output_index: 0, content_index: 0, delta: text, logprobs: []});

const ANSWERS = {
  // Chat: the wrong sentence after the choice's finish_reason.
  'after-finish': ['text/event-stream', sse([
    chunk([delta({role: 'assistant', content: RIGHT})]),
    chunk([delta({}, 0, 'stop')]),
    chunk([delta({content: ` ${WRONG}`})]),
    '[DONE]'])],
  // Chat: the wrong sentence after [DONE].
  'after-done': ['text/event-stream', sse([
    chunk([delta({role: 'assistant', content: RIGHT})]),
    chunk([delta({}, 0, 'stop')]),
    '[DONE]',
    chunk([delta({content: ` ${WRONG}`})]),
    '[DONE]'])],
  // Chat: the refusal says it.
  'refusal': ['text/event-stream', sse([
    chunk([delta({role: 'assistant', content: null, refusal: ''})]),
    chunk([delta({refusal: WRONG})]),
    chunk([delta({}, 0, 'stop')]),
    '[DONE]'])],
  // Chat, not streamed: a JSON body under text/event-stream.
  'json-as-sse': ['text/event-stream', JSON.stringify({
    id: 'chatcmpl-x', object: 'chat.completion', created: 1, model: 'm',
    choices: [{index: 0, message: {role: 'assistant', content: WRONG}, finish_reason: 'stop'}]})],
  // Chat: the reasoning says it.
  'reasoning': ['text/event-stream', sse([
    chunk([delta({role: 'assistant', reasoning_content: WRONG})]),
    chunk([delta({content: RIGHT})]),
    chunk([delta({}, 0, 'stop')]),
    '[DONE]'])],
  // Responses: a delta after the part's end.
  'responses-after-done': ['text/event-stream', responsesStream([
    partAdded({type: 'output_text', text: '', annotations: [], logprobs: []}),
    textDelta(RIGHT, 3),
    {type: 'response.output_text.done', sequence_number: 4, item_id: 'msg_1', output_index: 0,
     content_index: 0, text: RIGHT, logprobs: []},
    textDelta(` ${WRONG}`, 5)])],
  // Responses: an event after the final one.
  'responses-after-end': ['text/event-stream', responsesStream([
    partAdded({type: 'output_text', text: '', annotations: [], logprobs: []}),
    textDelta(RIGHT, 3)]) + named([textDelta(` ${WRONG}`, 91)])],
  // Responses: a refusal part.
  'responses-refusal': ['text/event-stream', responsesStream([
    partAdded({type: 'refusal', refusal: ''}),
    {type: 'response.refusal.delta', sequence_number: 3, item_id: 'msg_1', output_index: 0,
     content_index: 0, delta: WRONG},
    {type: 'response.refusal.done', sequence_number: 4, item_id: 'msg_1', output_index: 0,
     content_index: 0, refusal: WRONG}])],
};

ANSWERS['checked-reasoning'] = ANSWERS.reasoning;

function model(body) {
  try {
    return JSON.parse(body).model;
  } catch {
    return '';
  }
}

async function startUpstream() {
  const [port] = await freePorts(1);
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (piece) => body += piece);
    req.on('end', () => {
      const [type, text] = ANSWERS[model(body)] ?? ['application/json', '{}'];
      res.writeHead(200, {'content-type': type});
      res.end(text);
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {port, close: () => new Promise((resolve) => server.close(resolve))};
}

// --- the proxy ------------------------------------------------------------------------------

describe('the clients apps use show nothing unchecked', {timeout: 120000}, () => {
  let upstream;
  let stack;
  let client;
  let openai;

  before(async () => {
    upstream = await startUpstream();
    stack = await startStack({
      upstreamPort: upstream.port,
      policies: [
        '  block:',
        '    verifiers: [semantic_pieces]',
        '    scorer: {model: "off"}',
        '    hold: sentence',
        '    actions: {unsupported: block, contradicted: block}',
        '    on_error: closed',
        '  reasoning:',
        '    verifiers: [semantic_pieces]',
        '    scorer: {model: "off"}',
        '    hold: sentence',
        '    actions: {unsupported: block, contradicted: block}',
        '    on_error: closed',
        '    verify_reasoning: true',
      ],
      routes: [
        '  - {name: reasoning, match: {model: "checked-reasoning"}, upstream: mock, policy: reasoning}',
        '  - {name: all, match: {path_prefix: /}, upstream: mock, policy: block}',
      ],
    });
    client = stack.client;
    openai = createOpenAI({baseURL: client.baseURL, apiKey: 'sk-test'});
  });

  after(async () => {
    if (stack) await stack.stop();
    if (upstream) await upstream.close();
  });

  const messages = [{role: 'system', content: SYSTEM}, {role: 'user', content: QUESTION}];
  const notes = (chunks) => chunks.flatMap((c) => c.groundgate ?? c.response?.groundgate ?? []);

  // The official SDK, chat completions streamed: the text and refusal it assembles, the finish.
  const openaiChat = async (name) => {
    const chunks = await collect(await client.chat.completions.create({model: name, messages, stream: true}));
    const text = chunks.flatMap((c) => c.choices).map((c) => (c.delta?.content ?? '') + (c.delta?.refusal ?? '')).join('');
    const finish = chunks.flatMap((c) => c.choices).map((c) => c.finish_reason).filter(Boolean).at(-1);
    return {text, finish, notes: notes(chunks)};
  };
  // The official SDK, the Responses API streamed: every text the events carry.
  const openaiResponses = async (name) => {
    const events = await collect(await client.responses.create({model: name, instructions: SYSTEM, input: QUESTION, stream: true}));
    return {text: JSON.stringify(events), last: events.at(-1), notes: notes(events)};
  };
  // The Vercel AI SDK streamed: what it shows (text and reasoning) and how it says it ended.
  const vercel = async (languageModel) => {
    const result = streamText({model: languageModel, system: SYSTEM, prompt: QUESTION, maxRetries: 0, includeRawChunks: true});
    const parts = [];
    for await (const part of result.fullStream) parts.push(part);
    const shown = parts.filter((p) => p.type === 'text-delta' || p.type === 'reasoning-delta').map((p) => p.text).join('');
    const finish = parts.find((p) => p.type === 'finish')?.finishReason;
    const raw = parts.filter((p) => p.type === 'raw').map((p) => p.rawValue);
    return {shown, finish, notes: notes(raw)};
  };

  for (const name of ['after-finish', 'after-done', 'refusal']) {
    test(`${name}: the OpenAI SDK, chat streamed`, async () => {
      const {text, finish, notes: n} = await openaiChat(name);
      assert.ok(!text.includes('30 days'), text);
      if (name === 'refusal') {
        assert.equal(finish, 'content_filter');
      } else {
        // The right sentence, as the choice ended; nothing after its end reaches the client.
        assert.equal(text, RIGHT);
        assert.equal(finish, 'stop');
      }
      if (name !== 'after-done') assert.ok(n.some((x) => x.type === 'stopped'), JSON.stringify(n));
      assert.ok(n.some((x) => x.type === 'summary'), JSON.stringify(n));
    });

    test(`${name}: the Vercel AI SDK, .chat(...) streamed`, async () => {
      const {shown, finish} = await vercel(openai.chat(name));
      assert.ok(!shown.includes('30 days'), shown);
      assert.equal(finish, name === 'refusal' ? 'content-filter' : 'stop');
    });
  }

  for (const name of ['responses-after-done', 'responses-after-end', 'responses-refusal']) {
    test(`${name}: the OpenAI SDK, responses streamed`, async () => {
      const {text, last} = await openaiResponses(name);
      assert.ok(!text.includes('30 days'), text);
      if (name === 'responses-after-end') {
        assert.equal(last.type, 'response.completed');
      } else {
        assert.equal(last.type, 'response.incomplete');
        assert.equal(last.response.incomplete_details.reason, 'content_filter');
      }
    });

    test(`${name}: the Vercel AI SDK, the default (Responses API) model streamed`, async () => {
      const {shown, finish} = await vercel(openai(name));
      assert.ok(!shown.includes('30 days'), shown);
      assert.equal(finish, name === 'responses-after-end' ? 'stop' : 'content-filter');
    });
  }

  test('json-as-sse: a non-streamed answer the SDKs parse as JSON whatever its type', async () => {
    const result = await generateText({model: openai.chat('json-as-sse'), system: SYSTEM, prompt: QUESTION, maxRetries: 0});
    assert.ok(!result.text.includes('30 days'), result.text);
    assert.equal(result.finishReason, 'content-filter');
    const {data, response} = await client.chat.completions.create({model: 'json-as-sse', messages}).withResponse();
    assert.ok(!JSON.stringify(data).includes('30 days'), JSON.stringify(data));
    assert.equal(response.headers.get('x-groundgate-verdict'), 'hallucinated');
  });

  test('reasoning: announced unverified by default, blocked when checked', async () => {
    const counted = await openaiChat('reasoning');
    const summary = counted.notes.find((x) => x.type === 'summary');
    assert.deepEqual(summary.reasoning, {bytes: WRONG.length, verified: false});
    // Checked (verify_reasoning): the client never gets it.
    const chunks = await collect(await client.chat.completions.create({
      model: 'checked-reasoning', messages, stream: true}));
    const shown = JSON.stringify(chunks);
    assert.ok(!shown.includes('30 days'), shown);
    assert.equal(chunks.flatMap((c) => c.choices).map((c) => c.finish_reason).filter(Boolean).at(-1), 'content_filter');
  });
});
