#!/usr/bin/env python3
"""The README's sample outputs, from the program itself.

Each sample in README.md is marked by a comment line `<!-- sample: NAME -->`, followed by a
```sh block (the documented command) and the block of output it prints. This script runs each
command against the demo's own config and mock answers (config/examples/demo.yaml and
proxy/cli/demo-mock-script.yaml, as `groundgate demo` runs them, on free ports) and:

  --check   compares what the README documents with what the program prints: the whole text
            for `groundgate help`; for answers, every `groundgate` object in order, field by
            field where the README shows the field (labels, reasons, codes, actions, the
            summary's keys and counts; times and scores are not compared). Exit 1 on a
            difference, with each one listed.
  --update  writes what the program prints into the README: the help text, and each
            `groundgate` object shown whole is replaced by the program's (objects the README
            shortens with an ellipsis keep their shortened text). Run it after a change to the
            labels, then read the diff.

  scripts/readme_samples.py --check|--update [--bin PATH/TO/groundgate] [--readme README.md]
"""
import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ELLIPSIS = '\u2026'
# Fields compared where the README shows them; anything else (times, scores, offsets) is not.
COMPARED = ('type', 'choice', 'label', 'action', 'rewrite', 'hallucination_type', 'reason',
            'engine', 'code', 'policy', 'verdict', 'sentences', 'checked', 'unchecked',
            'labels', 'actions', 'kind', 'name', 'argument')


def free_ports(n):
    socks = [socket.socket() for _ in range(n)]
    for s in socks:
        s.bind(('127.0.0.1', 0))
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports


class Demo:
    """The demo's mock upstream and proxy, as `groundgate demo` runs them, on free ports."""

    def __init__(self, binary):
        self.binary = binary
        self.dir = tempfile.mkdtemp(prefix='gg-readme-')
        self.procs = []

    def __enter__(self):
        mock_port, proxy_port, admin_port = free_ports(3)
        config = open(os.path.join(ROOT, 'config/examples/demo.yaml')).read()
        config = config.replace('127.0.0.1:8081', '127.0.0.1:%d' % mock_port)
        config = config.replace('listen: 127.0.0.1:8080', 'listen: 127.0.0.1:%d' % proxy_port)
        config = config.replace('admin_listen: 127.0.0.1:9901',
                                'admin_listen: 127.0.0.1:%d' % admin_port)
        path = os.path.join(self.dir, 'demo.yaml')
        with open(path, 'w') as f:
            f.write(config)
        script = os.path.join(ROOT, 'proxy/cli/demo-mock-script.yaml')
        log = open(os.path.join(self.dir, 'log'), 'w')
        self.procs.append(subprocess.Popen(
            [self.binary, 'mock-upstream', '--listen', '127.0.0.1:%d' % mock_port, '--script',
             script], stdout=log, stderr=log))
        self.procs.append(subprocess.Popen([self.binary, 'serve', '-c', path], stdout=log,
                                           stderr=log))
        self.port = proxy_port
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                urllib.request.urlopen('http://127.0.0.1:%d/readyz' % admin_port, timeout=1)
                return self
            except OSError:
                time.sleep(0.1)
        raise SystemExit('readme_samples: the demo did not start:\n' +
                         open(os.path.join(self.dir, 'log')).read())

    def __exit__(self, *exc):
        for p in self.procs:
            p.send_signal(signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


def samples(readme):
    """(name, command, output start, output end) for each marked sample."""
    out = []
    for m in re.finditer(r'<!-- sample: ([\w-]+)[^>]*-->\n', readme):
        cmd = re.compile(r'```sh\n(.*?)```\n', re.S).search(readme, m.end())
        body = re.compile(r'```\n(.*?)```\n', re.S).search(readme, cmd.end())
        if cmd is None or body is None or cmd.start() != m.end():
            raise SystemExit('readme_samples: sample %s: a ```sh block must follow its marker, '
                             'then the output block' % m.group(1))
        out.append((m.group(1), cmd.group(1), body.start(1), body.end(1)))
    return out


def run(command, binary, demo):
    command = command.replace('localhost:8080', '127.0.0.1:%d' % demo.port)
    command = re.sub(r'^groundgate ', binary + ' ', command, flags=re.M)
    # Documented commands continue lines with "\" and read as shell.
    done = subprocess.run(['bash', '-c', command], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise SystemExit('readme_samples: `%s` exited %d: %s' % (command, done.returncode,
                                                                done.stderr))
    return done.stdout


def objects_in(text):
    """The raw text of every object of every "groundgate" array in `text`, in order."""
    out = []
    for m in re.finditer(r'"groundgate":\[', text):
        i, depth, start = m.end(), 0, None
        while i < len(text):
            c = text[i]
            if c == '"':
                i += 1
                while text[i] != '"':
                    i += 2 if text[i] == '\\' else 1
            elif c == '{':
                if depth == 0:
                    start = i
                depth += 1
            elif c == '}':
                depth -= 1
                if depth == 0:
                    out.append(text[start:i + 1])
            elif c == ']' and depth == 0:
                break
            i += 1
    return out


def fields(raw):
    """An object's fields: all of them when it is JSON, else those shown before an ellipsis."""
    try:
        return json.loads(raw), True
    except ValueError:
        shown = {}
        for m in re.finditer(r'"(\w+)":("(?:[^"\\]|\\.)*"|-?[\d.]+|true|false|null|\{[^{}]*\})',
                             raw):
            try:
                shown[m.group(1)] = json.loads(m.group(2))
            except ValueError:
                pass
        return shown, False


def compare(name, documented, printed):
    problems = []
    doc_objects, real_objects = objects_in(documented), objects_in(printed)
    if len(doc_objects) != len(real_objects):
        types = lambda objs: [fields(o)[0].get('type') for o in objs]
        return ['%s: the README shows %d groundgate objects %s, the program prints %d %s' %
                (name, len(doc_objects), types(doc_objects), len(real_objects),
                 types(real_objects))]
    for doc_raw, real_raw in zip(doc_objects, real_objects):
        doc, whole = fields(doc_raw)
        real = json.loads(real_raw)
        for key in COMPARED:
            if key in doc and doc[key] != real.get(key):
                problems.append('%s: %s object: %s is %r in the README, %r printed' %
                                (name, real.get('type'), key, doc[key], real.get(key)))
        if whole and real.get('type') == 'summary' and set(doc) != set(real):
            problems.append('%s: summary keys differ: README %s, printed %s' %
                            (name, sorted(doc), sorted(real)))
    return problems


def updated(documented, printed):
    doc_objects, real_objects = objects_in(documented), objects_in(printed)
    if len(doc_objects) != len(real_objects):
        raise SystemExit('readme_samples: the number of groundgate objects changed; edit the '
                         'sample by hand, then run --update again:\n' +
                         '\n'.join(compare('sample', documented, printed)))
    out, at = [], 0
    for doc_raw, real_raw in zip(doc_objects, real_objects):
        start = documented.index(doc_raw, at)
        out.append(documented[at:start])
        out.append(real_raw if fields(doc_raw)[1] else doc_raw)
        at = start + len(doc_raw)
    out.append(documented[at:])
    return ''.join(out)


def main():
    parser = argparse.ArgumentParser()
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument('--check', action='store_true')
    mode.add_argument('--update', action='store_true')
    parser.add_argument('--bin', default=os.path.join(ROOT, 'build/proxy/cli/groundgate'))
    parser.add_argument('--readme', default=os.path.join(ROOT, 'README.md'))
    args = parser.parse_args()
    readme = open(args.readme).read()
    found = samples(readme)
    if not found:
        raise SystemExit('readme_samples: no sample markers in ' + args.readme)
    problems, edits = [], []
    with Demo(args.bin) as demo:
        for name, command, begin, end in found:
            printed = run(command, args.bin, demo)
            documented = readme[begin:end]
            if name == 'help':
                if documented != printed:
                    problems.append('help: the README\'s text differs from `groundgate help`')
                edits.append((begin, end, printed))
                continue
            problems += compare(name, documented, printed)
            if args.update:
                edits.append((begin, end, updated(documented, printed)))
    if args.update:
        for begin, end, text in sorted(edits, reverse=True):
            readme = readme[:begin] + text + readme[end:]
        with open(args.readme, 'w') as f:
            f.write(readme)
        print('readme_samples: %d samples written' % len(found))
        return 0
    for p in problems:
        print(p)
    print('readme_samples: %d samples, %d differences' % (len(found), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
