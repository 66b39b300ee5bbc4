#!/usr/bin/env python3
"""Balanced accuracy on random halves of a dev set: how much a result moves between splits.

    groundgate eval DATA.jsonl [options] --out PRED.jsonl
    bench/quality/split_eval.py DATA.jsonl PRED.jsonl [--folds K] [--seeds N]

Samples are grouped by their question (HaluEval) or first context passage (FaithBench), so
that answers to one question or summaries of one article always fall in the same fold; each
seed draws another assignment of groups to folds.
"""
import argparse
import collections
import hashlib
import json


def balanced_accuracy(rows):
    tp = sum(1 for label, flagged in rows if label == 1 and flagged)
    fn = sum(1 for label, flagged in rows if label == 1 and not flagged)
    tn = sum(1 for label, flagged in rows if label == 0 and not flagged)
    fp = sum(1 for label, flagged in rows if label == 0 and flagged)
    return 0.5 * (tp / max(1, tp + fn) + tn / max(1, tn + fp))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data")
    parser.add_argument("pred")
    parser.add_argument("--folds", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    with open(args.data) as f:
        samples = {s["id"]: s for s in map(json.loads, f) if s}
    with open(args.pred) as f:
        predictions = [json.loads(line) for line in f if line.strip()]
    for seed in range(args.seeds):
        folds = collections.defaultdict(list)
        for p in predictions:
            sample = samples[p["id"]]
            group = sample.get("question") or sample["context"][0]
            digest = hashlib.md5(f"{seed}{group}".encode()).hexdigest()
            folds[int(digest, 16) % args.folds].append((sample["label"], p["hallucinated"]))
        cells = " ".join(
            f"{balanced_accuracy(folds[k]):.3f} (n={len(folds[k])})" for k in range(args.folds))
        print(f"seed {seed}: {cells}")


if __name__ == "__main__":
    main()
