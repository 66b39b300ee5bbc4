// End to end: real clients consume answers groundgate annotated, blocked and rewrote, through
// the Responses API (POST /v1/responses) and chat completions, with no client error:
//   - the official OpenAI Node SDK: responses.create (streamed and not) and responses.stream;
//   - the Vercel AI SDK: @ai-sdk/openai's default model (the Responses API) and .chat(...);
//   - LangChain JS: ChatOpenAI with useResponsesApi.
// The context goes in a <context> block of the system message, which every client can send.
//
// Run: GROUNDGATE_BIN=build/proxy/cli/groundgate node --test responses_clients.test.mjs
import {createOpenAI} from '@ai-sdk/openai';
import {ChatOpenAI} from '@langchain/openai';
import {generateText, streamText} from 'ai';
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';

import {collect, startStack} from '../openai-sdk/harness.mjs';

const CONTEXT = 'Allison Beth Goertz (born March 2, 1991) is an American musician. Goertz is ' +
    'known for her satirical songs.';
const SYSTEM = `Answer from the context. <context>${CONTEXT}</context>`;
const QUESTION = 'Who is Allie Goertz?';
const GOOD = 'Allie Goertz is an American musician.';
const ANSWER = `${GOOD} She was born on March 2, 1994.`;
const CORRECTED = `${GOOD} She was born on March 2, 1991.`;

// What each action does to the answer, and how each client says the answer ended.
const EXPECTED = {
  annotate: {text: ANSWER, status: 'completed', vercel: 'stop'},
  block: {text: GOOD, status: 'incomplete', vercel: 'content-filter'},
  rewrite: {text: CORRECTED, status: 'completed', vercel: 'stop'},
};
const ACTIONS = Object.keys(EXPECTED);

const isSummary = (note) => note?.type === 'summary';

describe('Responses API clients through the guard', {timeout: 120000}, () => {
  let stack;
  let client;
  let baseURL;

  before(async () => {
    stack = await startStack({
      script: `- match: "Goertz"\n  answer: "${ANSWER}"\n`,
      // The actions on the engines' own labels (scorer off): what is tested is the proxy's
      // handling of each client, not the learned scorer's labels.
      policies: [
        '  annotate: {verifiers: [semantic_pieces], scorer: {model: "off"}}',
        '  block:',
        '    verifiers: [semantic_pieces]',
        '    scorer: {model: "off"}',
        '    hold: sentence',
        '    actions: {contradicted: block}',
        '  rewrite:',
        '    verifiers: [semantic_pieces]',
        '    scorer: {model: "off"}',
        '    hold: sentence',
        '    actions: {contradicted: {rewrite: correct}}',
      ],
      routes: [
        '  - {name: annotate, match: {model: annotate}, upstream: mock, policy: annotate}',
        '  - {name: block, match: {model: block}, upstream: mock, policy: block}',
        '  - {name: rewrite, match: {model: rewrite}, upstream: mock, policy: rewrite}',
      ],
    });
    client = stack.client;
    baseURL = client.baseURL;
  });

  after(async () => {
    if (stack) await stack.stop();
  });

  describe('official OpenAI SDK', () => {
    const ask = (model, extra = {}) => client.responses.create({
      model,
      instructions: SYSTEM,
      input: QUESTION,
      ...extra,
    });

    for (const action of ACTIONS) {
      test(`${action}: responses.create streamed`, async () => {
        const events = await collect(await ask(action, {stream: true}));
        const text = events.filter((e) => e.type === 'response.output_text.delta')
                         .map((e) => e.delta)
                         .join('');
        assert.equal(text, EXPECTED[action].text);
        const done = events.find((e) => e.type === 'response.output_text.done');
        assert.equal(done.text, EXPECTED[action].text);
        const last = events.at(-1);
        assert.equal(last.response.status, EXPECTED[action].status);
        assert.equal(last.response.output[0].content[0].text, EXPECTED[action].text);
        assert.ok(isSummary(last.response.groundgate.at(-1)), JSON.stringify(last.response));
        if (action === 'block') {
          assert.equal(last.type, 'response.incomplete');
          assert.equal(last.response.incomplete_details.reason, 'content_filter');
        }
        const verdicts = events.flatMap((e) => e.groundgate ?? [])
                             .concat(last.response.groundgate)
                             .filter((n) => n.type === 'verdict');
        assert.equal(verdicts[0]?.label, 'contradicted', JSON.stringify(events));
        // Events the proxy made are numbered in the upstream's series.
        const numbers = events.map((e) => e.sequence_number).filter((n) => n !== undefined);
        numbers.forEach((n, i) => assert.equal(n, numbers[0] + i));
      });

      test(`${action}: responses.create not streamed`, async () => {
        const {data, response} = await ask(action).withResponse();
        assert.equal(data.output_text, EXPECTED[action].text);
        assert.equal(data.status, EXPECTED[action].status);
        assert.ok(isSummary(data.groundgate.at(-1)));
        assert.equal(response.headers.get('x-groundgate-verdict'), 'hallucinated');
        assert.equal(response.headers.get('x-groundgate-checked'), '2');
      });

      test(`${action}: responses.stream (the SDK's accumulating helper)`, async () => {
        const stream = client.responses.stream({model: action, instructions: SYSTEM, input: QUESTION});
        let deltas = '';
        stream.on('response.output_text.delta', (event) => {
          deltas += event.delta;
        });
        const final = await stream.finalResponse();
        assert.equal(deltas, EXPECTED[action].text);
        // The helper keeps the last snapshot: response.completed's, or its own for a stop.
        const message = final.output.find((item) => item.type === 'message');
        assert.equal(message.content[0].text, EXPECTED[action].text);
      });
    }

    test('annotate: verdicts arrive in groundgate.annotations events', async () => {
      const events = await collect(await ask('annotate', {stream: true}));
      const own = events.filter((e) => e.type === 'groundgate.annotations');
      assert.equal(own.length, 1, JSON.stringify(events));
      assert.equal(own[0].groundgate[0].label, 'contradicted');
      assert.match(own[0].groundgate[0].reason, /1994.*1991/);
    });
  });

  describe('Vercel AI SDK', () => {
    let openai;
    before(() => {
      openai = createOpenAI({baseURL, apiKey: 'sk-test'});
    });

    // Streams through `model`; every part is kept, and an error part or callback fails.
    const stream = async (model) => {
      const errors = [];
      const result = streamText({
        model,
        system: SYSTEM,
        prompt: QUESTION,
        maxRetries: 0,
        includeRawChunks: true,
        onError: ({error}) => errors.push(error),
      });
      const parts = [];
      for await (const part of result.fullStream)
        parts.push(part);
      assert.deepEqual(errors, []);
      assert.deepEqual(parts.filter((p) => p.type === 'error'), []);
      const text = parts.filter((p) => p.type === 'text-delta').map((p) => p.text).join('');
      const finish = parts.find((p) => p.type === 'finish');
      const raw = parts.filter((p) => p.type === 'raw').map((p) => p.rawValue);
      return {text, finishReason: finish?.finishReason, raw};
    };

    for (const action of ACTIONS) {
      test(`${action}: the default (Responses API) model, streamed`, async () => {
        const {text, finishReason, raw} = await stream(openai(action));
        assert.equal(text, EXPECTED[action].text);
        assert.equal(finishReason, EXPECTED[action].vercel);
        // groundgate's own events reach the app as raw chunks.
        const notes = raw.flatMap((r) => r.groundgate ?? r.response?.groundgate ?? []);
        assert.ok(notes.some(isSummary), JSON.stringify(raw.at(-1)));
      });

      test(`${action}: the default model, not streamed`, async () => {
        const result = await generateText({
          model: openai(action),
          system: SYSTEM,
          prompt: QUESTION,
          maxRetries: 0,
        });
        assert.equal(result.text, EXPECTED[action].text);
        assert.equal(result.finishReason, EXPECTED[action].vercel);
      });

      test(`${action}: .chat(...), streamed`, async () => {
        const {text, finishReason} = await stream(openai.chat(action));
        assert.equal(text, EXPECTED[action].text);
        assert.equal(finishReason, EXPECTED[action].vercel);
      });
    }
  });

  describe('LangChain JS', () => {
    const model = (action) => new ChatOpenAI({
      model: action,
      apiKey: 'sk-test',
      configuration: {baseURL},
      useResponsesApi: true,
      maxRetries: 0,
    });
    const messages = [
      {role: 'system', content: SYSTEM},
      {role: 'user', content: QUESTION},
    ];
    const textOf = (message) => (typeof message.content === 'string' ?
                                     message.content :
                                     message.content.map((part) => part.text ?? '').join(''));

    for (const action of ACTIONS) {
      test(`${action}: stream`, async () => {
        let text = '';
        let metadata = {};
        for await (const chunk of await model(action).stream(messages)) {
          text += textOf(chunk);
          metadata = {...metadata, ...chunk.response_metadata};
        }
        assert.equal(text, EXPECTED[action].text);
        if (action !== 'block') {
          // The final response's fields, `groundgate` among them.
          assert.ok(isSummary(metadata.groundgate?.at(-1)), JSON.stringify(metadata));
        }
      });

      test(`${action}: invoke`, async () => {
        const message = await model(action).invoke(messages);
        assert.equal(textOf(message), EXPECTED[action].text);
      });
    }
  });
});
