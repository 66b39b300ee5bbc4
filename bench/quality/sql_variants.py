#!/usr/bin/env python3
"""Hallucinated variants of Spider's gold SQL, for `groundgate eval` (task "sql").

    bench/quality/sql_variants.py [--data ../shared/data/sql] [--out DIR]
    groundgate eval DIR/sql_dev.jsonl        # the part to develop on
    groundgate eval DIR/sql_heldout.jsonl    # the part kept aside: do results carry over?

Deterministic: the same data gives the same files (every choice is seeded by a hash of the
sample id and the variant kind). Standard library only (sqlite3).

Gold queries: those of dev.jsonl that run on their database (about 95%; the rest broke in
translation, e.g. a column named `alter`, an SQLite keyword). Each gives one `valid` sample
(label 0) -- `valid_empty` when it returns no row or only NULLs on its database (wta_1's tables
are empty; some gold values differ from the stored ones in letter case or spaces), so that
what execution finds there is counted apart -- and, where the query allows, one sample per
variant (label 1):

  wrong_column      a column reference replaced by a name that is not a column of the tables
                    in scope: a column of another table of the schema, a typo of the name
                    (one letter dropped, doubled or swapped), or the name with a plausible
                    suffix (_name, _id, _nr, _datum, _typ, _code). Schema level: SQLite must
                    refuse it (checked here), so the guard must catch every one.
  wrong_table       a table name replaced by one the schema lacks: a typo, a plural or
                    singular form (-s, -en, -e removed or added), or a table of another
                    database. Schema level, refused by SQLite (checked here).
  wrong_function    an aggregate replaced by one SQLite does not have (average, mean, total_sum,
                    cnt, maximum, minimum). Schema level.
  wrong_value       a string literal the query filters on replaced by a value no column of the
                    query's tables holds: a typo of it, or its letter case changed. Content
                    level.
  wrong_column_existing
                    a column replaced by another existing column of the same table with the
                    same declared type. Logic level (the query still runs).
  flipped_operator  a comparison turned round: < and >, <= and >=, = and !=, LIKE and NOT LIKE.
                    Logic level.
  dropped_condition one condition of the WHERE clause removed (the whole clause when it has
                    one). Logic level.

Logic- and content-level variants are kept only when they change the query's result on its
database (a variant that returns the gold rows is not wrong).

Split: by database, so that the held-out part has schemas the development part never saw.
The databases whose SHA-256 of their name starts with a hex digit below 7 (8 of the 20, about a
quarter of the samples) are held out; the script prints which.
"""
import argparse
import hashlib
import json
import os
import random
import re
import sqlite3
import sys

TOKEN = re.compile(
    r"""(?P<space>\s+)|(?P<comment>--[^\n]*)|(?P<string>'(?:[^']|'')*')|"""
    r"""(?P<quoted>"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\])|(?P<number>\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)|"""
    r"""(?P<word>[^\W\d][\w$]*)|(?P<op><=|>=|<>|!=|==|\|\||[-+*/%<>=(),.;])|(?P<other>.)""",
    re.UNICODE,
)
KEYWORDS = {
    "select", "from", "where", "and", "or", "not", "join", "on", "as", "group", "by", "order",
    "having", "limit", "distinct", "in", "like", "between", "is", "null", "union", "intersect",
    "except", "asc", "desc", "count", "avg", "sum", "min", "max", "inner", "left", "outer",
    "cross", "natural", "exists", "case", "when", "then", "else", "end", "all", "offset", "cast",
    "using", "with", "glob", "escape",
}
AGGREGATES = {"avg", "sum", "min", "max", "count"}
FAKE_FUNCTIONS = ["average", "mean", "total_sum", "cnt", "maximum", "minimum"]
SUFFIXES = ["_name", "_id", "_nr", "_datum", "_typ", "_code"]
FLIPS = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "=": "!=", "!=": "=", "<>": "="}


def tokens(sql):
    out = []
    for m in TOKEN.finditer(sql):
        kind = m.lastgroup
        if kind in ("space", "comment"):
            continue
        out.append((kind, m.group(), m.start(), m.end()))
    return out


def unquote(text):
    if text[:1] in "\"`[":
        return text[1:-1].replace('""', '"')
    return text


def replace(sql, start, end, text):
    return sql[:start] + text + sql[end:]


class Schema:
    def __init__(self, db):
        self.tables = {}
        self.types = {}
        for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
        ):
            cols = db.execute(f'PRAGMA table_info("{name}")').fetchall()
            self.tables[name.lower()] = [c[1] for c in cols]
            for c in cols:
                self.types[(name.lower(), c[1].lower())] = (c[2] or "").lower()

    def has_table(self, name):
        return name.lower() in self.tables

    def columns(self, table):
        return self.tables.get(table.lower(), [])


def rng_for(sample_id, kind):
    return random.Random(int(hashlib.sha256(f"{sample_id}/{kind}".encode()).hexdigest(), 16))


def run(db, sql):
    try:
        return db.execute(sql).fetchall(), None
    except sqlite3.Error as e:
        return None, str(e)


def table_refs(toks, schema):
    """(token index, table name, alias) of the tables the query names."""
    refs = []
    for i, (kind, text, _, _) in enumerate(toks):
        if kind not in ("word", "quoted") or not schema.has_table(unquote(text)):
            continue
        if i > 0 and toks[i - 1][1] == ".":
            continue
        if i + 1 < len(toks) and toks[i + 1][1] in (".", "("):
            continue
        alias = None
        j = i + 1
        if j < len(toks) and toks[j][1].lower() == "as":
            j += 1
        if j < len(toks) and toks[j][0] == "word" and toks[j][1].lower() not in KEYWORDS:
            alias = toks[j][1]
        refs.append((i, unquote(text), alias))
    return refs


def column_refs(toks, schema, refs):
    """(token index, table, column) of the column references that resolve to one table."""
    scope = [t for _, t, _ in refs]
    aliases = {a.lower(): t for _, t, a in refs if a}
    out = []
    for i, (kind, text, _, _) in enumerate(toks):
        if kind not in ("word", "quoted") or text.lower() in KEYWORDS:
            continue
        if i + 1 < len(toks) and toks[i + 1][1] in ("(", "."):
            continue
        name = unquote(text)
        if i >= 2 and toks[i - 1][1] == ".":
            qualifier = unquote(toks[i - 2][1]).lower()
            table = aliases.get(qualifier, qualifier if schema.has_table(qualifier) else None)
            if table and name.lower() in (c.lower() for c in schema.columns(table)):
                out.append((i, table, name))
            continue
        owners = [t for t in scope if name.lower() in (c.lower() for c in schema.columns(t))]
        if len(set(o.lower() for o in owners)) == 1:
            out.append((i, owners[0], name))
    return out


def typo(name, rng):
    if len(name) < 4:
        return name + name[-1]
    i = rng.randrange(1, len(name) - 1)
    choice = rng.randrange(3)
    if choice == 0:
        return name[:i] + name[i + 1:]
    if choice == 1:
        return name[:i] + name[i] + name[i:]
    return name[: i - 1] + name[i] + name[i - 1] + name[i + 1:]


def in_scope(name, schema, refs):
    lowered = name.lower()
    if any(lowered == t.lower() or (a and lowered == a.lower()) for _, t, a in refs):
        return True
    return any(lowered == c.lower() for _, t, _ in refs for c in schema.columns(t))


def wrong_column(sample, sql, toks, schema, refs, cols, rng, other_tables):
    if not cols:
        return None
    i, table, name = rng.choice(cols)
    candidates = []
    for t in schema.tables:
        if any(t == r.lower() for _, r, _ in refs):
            continue
        candidates += [c for c in schema.columns(t) if not in_scope(c, schema, refs)]
    options = []
    if candidates:
        options.append(rng.choice(sorted(set(candidates))))
    options.append(typo(name, rng))
    options.append(name + rng.choice(SUFFIXES))
    for new in rng.sample(options, len(options)):
        if new.lower() == name.lower() or in_scope(new, schema, refs) or new.lower() in KEYWORDS:
            continue
        return replace(sql, toks[i][2], toks[i][3], new)
    return None


def wrong_table(sample, sql, toks, schema, refs, cols, rng, other_tables):
    if not refs:
        return None
    i, table, _ = rng.choice(refs)
    options = [typo(table, rng)]
    if table.endswith(("s", "e")):
        options.append(table[:-1])
    elif table.endswith("en"):
        options.append(table[:-2])
    else:
        options.append(table + rng.choice(["s", "en", "e"]))
    others = [t for t in other_tables if not schema.has_table(t)]
    if others:
        options.append(rng.choice(sorted(others)))
    for new in rng.sample(options, len(options)):
        if schema.has_table(new) or new.lower() in KEYWORDS:
            continue
        return replace(sql, toks[i][2], toks[i][3], new)
    return None


def wrong_function(sample, sql, toks, schema, refs, cols, rng, other_tables):
    calls = [
        i for i, t in enumerate(toks)
        if t[0] == "word" and t[1].lower() in AGGREGATES and i + 1 < len(toks)
        and toks[i + 1][1] == "("
    ]
    if not calls:
        return None
    i = rng.choice(calls)
    return replace(sql, toks[i][2], toks[i][3], rng.choice(FAKE_FUNCTIONS))


def string_filters(toks):
    """Token indices of string literals compared with `=`, `!=`, LIKE or IN."""
    out = []
    for i, (kind, text, _, _) in enumerate(toks):
        if kind not in ("string",) and not (kind == "quoted" and text.startswith('"')):
            continue
        if i == 0:
            continue
        before = toks[i - 1][1].lower()
        if before in ("=", "!=", "<>", "like", ",", "(") or (
            i >= 2 and toks[i - 2][1].lower() == "in"
        ):
            out.append(i)
    return out


def stored_anywhere(db, schema, refs, value):
    """Whether a text column of a table the query names holds `value`."""
    for _, table, _ in refs:
        for column in schema.columns(table):
            hit = db.execute(
                f'SELECT 1 FROM "{table}" WHERE "{column}" = ? LIMIT 1', (value,)
            ).fetchone()
            if hit:
                return True
    return False


def wrong_value(sample, sql, toks, schema, refs, cols, rng, other_tables, db):
    literals = string_filters(toks)
    if not literals:
        return None
    i = rng.choice(literals)
    text = toks[i][1]
    quote = text[0]
    value = text[1:-1]
    if len(value) < 2:
        return None
    options = [typo(value, rng)]
    flipped = value.lower() if value != value.lower() else value.title()
    if flipped != value:
        options.append(flipped)
    for new in rng.sample(options, len(options)):
        # A changed value must be wrong: not stored (a gold value in the wrong letter case,
        # changed to the stored one, would be a fix).
        if ("%" in value and "%" not in new) or stored_anywhere(db, schema, refs, new):
            continue
        return replace(sql, toks[i][2], toks[i][3], quote + new.replace(quote, quote * 2) + quote)
    return None


def wrong_column_existing(sample, sql, toks, schema, refs, cols, rng, other_tables):
    if not cols:
        return None
    i, table, name = rng.choice(cols)
    kind = schema.types.get((table.lower(), name.lower()), "")
    same = [
        c for c in schema.columns(table)
        if c.lower() != name.lower() and schema.types.get((table.lower(), c.lower()), "") == kind
    ]
    if not same:
        return None
    return replace(sql, toks[i][2], toks[i][3], rng.choice(sorted(same)))


def flipped_operator(sample, sql, toks, schema, refs, cols, rng, other_tables):
    spots = [i for i, t in enumerate(toks) if t[0] == "op" and t[1] in FLIPS]
    likes = [
        i for i, t in enumerate(toks)
        if t[1].lower() == "like" and not (i > 0 and toks[i - 1][1].lower() == "not")
    ]
    # `=` of a join (column = column) is not a filter: keep comparisons with a literal.
    spots = [
        i for i in spots
        if i + 1 < len(toks) and toks[i + 1][0] in ("string", "number", "quoted")
        and not (toks[i + 1][0] == "quoted" and not toks[i + 1][1].startswith('"'))
    ]
    choices = spots + likes
    if not choices:
        return None
    i = rng.choice(choices)
    if toks[i][1].lower() == "like":
        return replace(sql, toks[i][2], toks[i][3], "NOT LIKE")
    return replace(sql, toks[i][2], toks[i][3], FLIPS[toks[i][1]])


def dropped_condition(sample, sql, toks, schema, refs, cols, rng, other_tables):
    # The first WHERE at depth 0 and its conditions split at top-level AND.
    depth = 0
    where = None
    for i, t in enumerate(toks):
        if t[1] == "(":
            depth += 1
        elif t[1] == ")":
            depth -= 1
        elif depth == 0 and t[1].lower() == "where":
            where = i
            break
    if where is None:
        return None
    end = len(toks)
    depth = 0
    ands = []
    for j in range(where + 1, len(toks)):
        t = toks[j][1].lower()
        if t == "(":
            depth += 1
        elif t == ")":
            if depth == 0:
                end = j
                break
            depth -= 1
        elif depth == 0 and t in ("group", "order", "limit", "union", "intersect", "except", ";"):
            end = j
            break
        elif depth == 0 and t == "and" and not any(
            toks[k][1].lower() == "between" for k in range(max(where, j - 3), j)
        ):
            ands.append(j)
    if "or" in (toks[j][1].lower() for j in range(where + 1, end)):
        return None
    start_char = toks[where][2]
    end_char = toks[end][2] if end < len(toks) else len(sql)
    if not ands:
        return (sql[:start_char] + sql[end_char:]).strip()
    bounds = [where] + ands + [end]
    k = rng.randrange(len(bounds) - 1)
    if k == 0:  # the first condition and the AND after it
        a, b = toks[where + 1][2], toks[ands[0] + 1][2]
    else:
        a = toks[bounds[k]][2]
        b = toks[bounds[k + 1]][2] if bounds[k + 1] < len(toks) else len(sql)
        b = b if bounds[k + 1] != end else end_char
    return (sql[:a] + sql[b:]).rstrip()


SCHEMA_LEVEL = ["wrong_column", "wrong_table", "wrong_function"]
VARIANTS = [
    ("wrong_column", wrong_column),
    ("wrong_table", wrong_table),
    ("wrong_function", wrong_function),
    ("wrong_value", None),
    ("wrong_column_existing", wrong_column_existing),
    ("flipped_operator", flipped_operator),
    ("dropped_condition", dropped_condition),
]


def held_out(db_id):
    return hashlib.sha256(db_id.encode()).hexdigest()[0] in "0123456"


def parse_args(description):
    """--data (Spider's dev.jsonl and database/) and --out, the folder made."""
    here = os.path.dirname(os.path.abspath(__file__))
    default_data = os.path.normpath(os.path.join(here, "../../../shared/data/sql"))
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--data", default=default_data)
    parser.add_argument("--out", default=".")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    return args


def open_data(data):
    """The dev rows, and per database its read-only connection, Schema and DDL text."""
    rows = [json.loads(line) for line in open(os.path.join(data, "dev.jsonl"))]
    schemas, ddl, dbs = {}, {}, {}
    for db_id in sorted({r["db_id"] for r in rows}):
        path = os.path.join(data, "database", db_id + ".sqlite")
        dbs[db_id] = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        schemas[db_id] = Schema(dbs[db_id])
        with open(os.path.join(data, "database", db_id + ".schema.sql")) as f:
            ddl[db_id] = f.read()
    return rows, dbs, schemas, ddl


def main():
    args = parse_args(__doc__.splitlines()[0])
    rows, dbs, schemas, ddl = open_data(args.data)
    all_tables = set()
    for schema in schemas.values():
        all_tables |= set(schema.tables)
    files = {
        False: open(os.path.join(args.out, "sql_dev.jsonl"), "w"),
        True: open(os.path.join(args.out, "sql_heldout.jsonl"), "w"),
    }
    counts = {}
    skipped_gold = 0
    for row in rows:
        db_id, sql = row["db_id"], row["query"].strip()
        db, schema = dbs[db_id], schemas[db_id]
        gold, error = run(db, sql)
        if error:
            skipped_gold += 1
            continue
        part = held_out(db_id)
        database = os.path.relpath(
            os.path.join(args.data, "database", db_id + ".sqlite"), os.path.abspath(args.out)
        )
        base = {"task": "sql", "db_id": db_id, "question": row["question"],
                "schema": ddl[db_id], "database": database}

        def emit(kind, query, label):
            sample = dict(base, id=f"{row['id']}/{kind}", variant=kind, sql=query, label=label)
            files[part].write(json.dumps(sample, ensure_ascii=False) + "\n")
            key = ("heldout" if part else "dev", kind)
            counts[key] = counts.get(key, 0) + 1

        empty = not gold or (len(gold) == 1 and all(v is None for v in gold[0]))
        emit("valid_empty" if empty else "valid", sql, 0)
        toks = tokens(sql)
        refs = table_refs(toks, schema)
        cols = column_refs(toks, schema, refs)
        other_tables = all_tables - set(schema.tables)
        for kind, make in VARIANTS:
            rng = rng_for(row["id"], kind)
            if kind == "wrong_value":
                query = wrong_value(row, sql, toks, schema, refs, cols, rng, other_tables, db)
            else:
                query = make(row, sql, toks, schema, refs, cols, rng, other_tables)
            if not query or query == sql:
                continue
            result, error = run(db, query)
            if kind in SCHEMA_LEVEL:
                if not error or not re.match(r"no such (column|table|function)", error):
                    continue
            elif error or result == gold or (
                "order by" not in sql.lower() and sorted(map(repr, result or [])) ==
                sorted(map(repr, gold))
            ):
                continue
            emit(kind, query, 1)
    for f in files.values():
        f.close()
    held = sorted(d for d in dbs if held_out(d))
    print(f"gold queries that do not run (skipped): {skipped_gold}", file=sys.stderr)
    print(f"held-out databases: {', '.join(held)}", file=sys.stderr)
    for part in ("dev", "heldout"):
        line = ", ".join(f"{k}={v}" for (p, k), v in sorted(counts.items()) if p == part)
        print(f"{part}: {line}", file=sys.stderr)


if __name__ == "__main__":
    main()
