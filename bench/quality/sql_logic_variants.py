#!/usr/bin/env python3
"""Logic errors in Spider's gold SQL, for `groundgate eval` (task "sql"): the intent check's data.

    bench/quality/sql_logic_variants.py [--data ../shared/data/sql] [--out DIR]
    groundgate eval DIR/logic_dev.jsonl          # development part, with each database
    groundgate eval DIR/logic_dev_schema.jsonl   # the same samples, schema only (no database)
    groundgate eval DIR/logic_dev_rows.jsonl     # schema only, with 3 sample rows per table
    groundgate eval DIR/logic_heldout.jsonl      # the part kept aside (and _schema, _rows)

Deterministic: the same data gives the same files (every choice is seeded by a hash of the
sample id and the variant kind). Standard library only (sqlite3). Split by database as in
sql_variants.py: the 8 databases whose name's SHA-256 starts with a hex digit below 7 are held
out, so the held-out part has schemas the development part never saw.

Gold queries: those of dev.jsonl that run on their database. Each gives one `valid` sample
(label 0) -- `valid_empty` when it returns no row or only NULLs -- and, where the query
allows, one sample per variant below (label 1), kept only when it runs and its result differs
from the gold one (in order when the gold query orders, as a multiset otherwise): a variant
that returns the gold rows is not wrong. Each variant is one edit of the gold query's tokens:

  family       variant                what changes
  join         join_key_dropped       one JOIN's ON condition removed (every row pairs with
                                      every row)
  join         join_wrong_columns     one side of a JOIN's ON equality replaced by another
                                      column of the same table with the same declared type
  aggregation  aggregate_swapped      an aggregate call replaced by another: count(x) by
                                      sum(x) or avg(x), sum by avg, count or max, avg by max,
                                      sum or min, max by min or avg, min by max or avg
                                      (count(*) is left alone)
  aggregation  distinct_dropped       DISTINCT removed from count(DISTINCT x) or SELECT
                                      DISTINCT
  grouping     group_by_dropped       the GROUP BY clause removed (not when HAVING follows)
  grouping     group_by_other_column  the GROUP BY column replaced by another column of its
                                      table with the same declared type
  ordering     order_flipped          the first ORDER BY key's direction turned round (ASC
                                      written out as DESC, no direction as DESC)
  ordering     limit_changed          LIMIT n made n + 2
  comparison   comparison_flipped     a comparison with a number turned round (> and <,
                                      >= and <=)
  comparison   comparison_inclusive   a comparison with a number made inclusive or strict
                                      (> and >=, < and <=)
  comparison   negation_flipped       a filter negated or its negation removed (= and !=,
                                      IN and NOT IN, LIKE and NOT LIKE)
  value        value_swapped          a literal a column is compared with replaced by
                                      another value that column holds
  value        value_typo             a string literal a column is compared with replaced by
                                      a typo of it or its letter case changed, a value the
                                      column does not hold (as sql_variants.py's wrong_value)
  column       column_swapped         a column of the statement's SELECT list replaced by
                                      another column of its table with the same declared
                                      type

The `_rows` files give each table's first 3 rows (by rowid) as INSERT statements after its
CREATE TABLE, as prompts that show sample rows do: the values a schema shows without a
database. Each sample carries `variant` and `family`; `groundgate eval` counts the findings per variant
and per finding code, and prints each code's precision (variants over all samples it is
found on) and, per family, the recall of any finding.
"""
import json
import os
import re
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sql_variants as sv  # noqa: E402  (the tokenizer, schema reader, split and seeding)

AGGREGATE_SWAPS = {
    "count": ["sum", "avg"],
    "sum": ["avg", "count", "max"],
    "avg": ["max", "sum", "min"],
    "max": ["min", "avg"],
    "min": ["max", "avg"],
}
CLAUSE_END = {"where", "group", "order", "limit", "union", "intersect", "except", "having", ";",
              "join", "left", "inner", "cross", "natural", "right", "full"}
FLIP = {">": "<", "<": ">", ">=": "<=", "<=": ">="}
INCLUSIVE = {">": ">=", ">=": ">", "<": "<=", "<=": "<"}


def lower(tok):
    return tok[1].lower()


def depth_at(toks):
    """Parenthesis depth before each token."""
    out, d = [], 0
    for t in toks:
        if t[1] == ")":
            d -= 1
        out.append(d)
        if t[1] == "(":
            d += 1
    return out


def span_text(sql, toks, a, b):
    """Characters of tokens [a, b)."""
    return toks[a][2], (toks[b - 1][3] if b > a else toks[a][2])


def clause_end(toks, start, depth, stop_words):
    d = depth_at(toks)
    for j in range(start, len(toks)):
        if d[j] < depth or (d[j] == depth and toks[j][1] == ")"):
            return j
        if d[j] == depth and lower(toks[j]) in stop_words:
            return j
    return len(toks)


def alias_map(toks, schema):
    refs = sv.table_refs(toks, schema)
    out = {}
    for _, table, alias in refs:
        out[table.lower()] = table
        if alias:
            out[alias.lower()] = table
    return out


def same_type_columns(schema, table, column):
    kind = schema.types.get((table.lower(), column.lower()), "")
    return sorted(
        c for c in schema.columns(table)
        if c.lower() != column.lower() and schema.types.get((table.lower(), c.lower()), "") == kind
    )


def join_key_dropped(sql, toks, schema, db, rng):
    d = depth_at(toks)
    spots = [i for i, t in enumerate(toks) if lower(t) == "on"]
    if not spots:
        return None
    i = rng.choice(spots)
    end = clause_end(toks, i + 1, d[i], CLAUSE_END)
    a = toks[i][2]
    b = toks[end][2] if end < len(toks) else len(sql)
    return (sql[:a] + sql[b:]).rstrip() if end < len(toks) else sql[:a].rstrip()


def join_wrong_columns(sql, toks, schema, db, rng):
    aliases = alias_map(toks, schema)
    spots = []
    for i, t in enumerate(toks):
        if lower(t) != "on":
            continue
        # ON q1 . c1 = q2 . c2
        if i + 7 <= len(toks) and toks[i + 2][1] == "." and toks[i + 4][1] == "=" and \
                toks[i + 6][1] == ".":
            spots.append((i + 5, i + 7))
            spots.append((i + 1, i + 3))
    rng.shuffle(spots)
    for q, c in spots:
        table = aliases.get(sv.unquote(toks[q][1]).lower())
        if not table:
            continue
        others = same_type_columns(schema, table, sv.unquote(toks[c][1]))
        if not others:
            continue
        return sv.replace(sql, toks[c][2], toks[c][3], rng.choice(others))
    return None


def aggregate_swapped(sql, toks, schema, db, rng):
    spots = [
        i for i, t in enumerate(toks)
        if lower(t) in AGGREGATE_SWAPS and i + 2 < len(toks) and toks[i + 1][1] == "("
        and toks[i + 2][1] != "*"
    ]
    if not spots:
        return None
    i = rng.choice(spots)
    return sv.replace(sql, toks[i][2], toks[i][3], rng.choice(AGGREGATE_SWAPS[lower(toks[i])]))


def distinct_dropped(sql, toks, schema, db, rng):
    spots = [i for i, t in enumerate(toks) if lower(t) == "distinct"]
    if not spots:
        return None
    i = rng.choice(spots)
    b = toks[i + 1][2] if i + 1 < len(toks) else toks[i][3]
    return sql[:toks[i][2]] + sql[b:]


def group_by_dropped(sql, toks, schema, db, rng):
    d = depth_at(toks)
    for i, t in enumerate(toks):
        if lower(t) == "group" and i + 1 < len(toks) and lower(toks[i + 1]) == "by":
            end = clause_end(toks, i + 2, d[i], CLAUSE_END - {"join", "left", "inner", "cross",
                                                              "natural", "right", "full"})
            if end < len(toks) and lower(toks[end]) == "having":
                return None
            a = toks[i][2]
            b = toks[end][2] if end < len(toks) else len(sql)
            return (sql[:a] + sql[b:]).rstrip()
    return None


def group_by_other_column(sql, toks, schema, db, rng):
    aliases = alias_map(toks, schema)
    refs = sv.table_refs(toks, schema)
    for i, t in enumerate(toks):
        if lower(t) != "group" or i + 2 >= len(toks) or lower(toks[i + 1]) != "by":
            continue
        j = i + 2
        if j + 2 < len(toks) and toks[j + 1][1] == ".":
            table, col = aliases.get(sv.unquote(toks[j][1]).lower()), j + 2
        else:
            name = sv.unquote(toks[j][1]).lower()
            owners = [r for _, r, _ in refs if name in (c.lower() for c in schema.columns(r))]
            table, col = (owners[0] if len(owners) == 1 else None), j
        if not table:
            return None
        others = same_type_columns(schema, table, sv.unquote(toks[col][1]))
        if not others:
            return None
        return sv.replace(sql, toks[col][2], toks[col][3], rng.choice(others))
    return None


def order_flipped(sql, toks, schema, db, rng):
    d = depth_at(toks)
    for i, t in enumerate(toks):
        if lower(t) == "order" and i + 1 < len(toks) and lower(toks[i + 1]) == "by":
            end = clause_end(toks, i + 2, d[i], {"limit", ",", ";", "union", "intersect",
                                                 "except"})
            last = end - 1
            if last <= i + 1:
                return None
            if lower(toks[last]) == "desc":
                return sv.replace(sql, toks[last][2], toks[last][3], "ASC")
            if lower(toks[last]) == "asc":
                return sv.replace(sql, toks[last][2], toks[last][3], "DESC")
            return sql[:toks[last][3]] + " DESC" + sql[toks[last][3]:]
    return None


def limit_changed(sql, toks, schema, db, rng):
    for i, t in enumerate(toks):
        if lower(t) == "limit" and i + 1 < len(toks) and toks[i + 1][0] == "number" and \
                (i + 2 >= len(toks) or toks[i + 2][1] != ","):
            n = int(float(toks[i + 1][1]))
            return sv.replace(sql, toks[i + 1][2], toks[i + 1][3], str(n + 2))
    return None


def number_comparisons(toks):
    return [
        i for i, t in enumerate(toks)
        if t[0] == "op" and t[1] in FLIP and i + 1 < len(toks) and toks[i + 1][0] == "number"
    ]


def comparison_flipped(sql, toks, schema, db, rng):
    spots = number_comparisons(toks)
    if not spots:
        return None
    i = rng.choice(spots)
    return sv.replace(sql, toks[i][2], toks[i][3], FLIP[toks[i][1]])


def comparison_inclusive(sql, toks, schema, db, rng):
    spots = number_comparisons(toks)
    if not spots:
        return None
    i = rng.choice(spots)
    return sv.replace(sql, toks[i][2], toks[i][3], INCLUSIVE[toks[i][1]])


def negation_flipped(sql, toks, schema, db, rng):
    spots = []
    for i, t in enumerate(toks):
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t[1] in ("=", "!=", "<>") and nxt and (nxt[0] == "string" or (
                nxt[0] == "quoted" and nxt[1].startswith('"'))):
            spots.append((i, "!=" if t[1] == "=" else "="))
        elif lower(t) in ("in", "like") and not (i > 0 and lower(toks[i - 1]) == "not"):
            spots.append((i, "NOT " + t[1].upper()))
        elif lower(t) == "not" and nxt and lower(nxt) in ("in", "like"):
            spots.append((i, None))
    if not spots:
        return None
    i, new = rng.choice(spots)
    if new is None:  # NOT IN -> IN
        return sql[:toks[i][2]] + sql[toks[i + 1][2]:]
    return sv.replace(sql, toks[i][2], toks[i][3], new)


def value_swapped(sql, toks, schema, db, rng):
    aliases = alias_map(toks, schema)
    refs = sv.table_refs(toks, schema)
    spots = []
    for i, t in enumerate(toks):
        if t[1] not in ("=", "!=", "<>", ">", "<", ">=", "<=") or i + 1 >= len(toks) or i < 1:
            continue
        lit = toks[i + 1]
        if lit[0] not in ("string", "number") and not (lit[0] == "quoted" and lit[1].startswith('"')):
            continue
        if i >= 3 and toks[i - 2][1] == ".":
            table = aliases.get(sv.unquote(toks[i - 3][1]).lower())
        else:
            name = sv.unquote(toks[i - 1][1]).lower()
            owners = [r for _, r, _ in refs if name in (c.lower() for c in schema.columns(r))]
            table = owners[0] if len(owners) == 1 else None
        if table:
            spots.append((i + 1, table, sv.unquote(toks[i - 1][1])))
    rng.shuffle(spots)
    for j, table, column in spots:
        if column.lower() not in (c.lower() for c in schema.columns(table)):
            continue
        text = toks[j][1]
        current = text[1:-1] if toks[j][0] != "number" else text
        values = sorted(
            {str(r[0]) for r in db.execute(
                f'SELECT DISTINCT "{column}" FROM "{table}" WHERE "{column}" IS NOT NULL LIMIT 200')}
            - {current}
        )
        if not values:
            continue
        new = rng.choice(values)
        if toks[j][0] == "number":
            try:
                float(new)
            except ValueError:
                continue
            return sv.replace(sql, toks[j][2], toks[j][3], new)
        quote = text[0]
        return sv.replace(sql, toks[j][2], toks[j][3], quote + new.replace(quote, quote * 2) + quote)
    return None


def value_typo(sql, toks, schema, db, rng):
    refs = sv.table_refs(toks, schema)
    return sv.wrong_value(None, sql, toks, schema, refs, [], rng, set(), db)


def column_swapped(sql, toks, schema, db, rng):
    d = depth_at(toks)
    if not toks or lower(toks[0]) != "select":
        return None
    end = next((i for i, t in enumerate(toks) if d[i] == 0 and lower(t) == "from"), None)
    if end is None:
        return None
    refs = sv.table_refs(toks, schema)
    cols = [c for c in sv.column_refs(toks, schema, refs) if c[0] < end]
    rng.shuffle(cols)
    for i, table, name in cols:
        others = same_type_columns(schema, table, name)
        if others:
            return sv.replace(sql, toks[i][2], toks[i][3], rng.choice(others))
    return None


VARIANTS = [
    ("join", "join_key_dropped", join_key_dropped),
    ("join", "join_wrong_columns", join_wrong_columns),
    ("aggregation", "aggregate_swapped", aggregate_swapped),
    ("aggregation", "distinct_dropped", distinct_dropped),
    ("grouping", "group_by_dropped", group_by_dropped),
    ("grouping", "group_by_other_column", group_by_other_column),
    ("ordering", "order_flipped", order_flipped),
    ("ordering", "limit_changed", limit_changed),
    ("comparison", "comparison_flipped", comparison_flipped),
    ("comparison", "comparison_inclusive", comparison_inclusive),
    ("comparison", "negation_flipped", negation_flipped),
    ("value", "value_swapped", value_swapped),
    ("value", "value_typo", value_typo),
    ("column", "column_swapped", column_swapped),
]


def sample_rows(db, schema, n=3):
    """INSERT statements of each table's first n rows (by rowid)."""
    out = []
    for table in sorted(schema.tables):
        cols = schema.columns(table)
        rows = db.execute(f'SELECT * FROM "{table}" ORDER BY rowid LIMIT {n}').fetchall()
        if not rows:
            continue
        values = []
        for row in rows:
            cells = []
            for v in row:
                if v is None:
                    cells.append("NULL")
                elif isinstance(v, (int, float)):
                    cells.append(repr(v))
                else:
                    cells.append("'" + str(v).replace("'", "''") + "'")
            values.append("(" + ", ".join(cells) + ")")
        names = ", ".join('"' + c.replace('"', '""') + '"' for c in cols)
        out.append(f'INSERT INTO "{table}" ({names}) VALUES {", ".join(values)};')
    return "\n".join(out)


def differs(gold, result, sql):
    if result == gold:
        return False
    if "order by" not in sql.lower() and sorted(map(repr, result)) == sorted(map(repr, gold)):
        return False
    return True


def main():
    args = sv.parse_args(__doc__.splitlines()[0])
    rows, dbs, schemas, ddl = sv.open_data(args.data)
    rows_ddl = {
        db_id: ddl[db_id].rstrip() + "\n" + sample_rows(dbs[db_id], schemas[db_id]) for db_id in dbs
    }
    files = {}
    for part in ("dev", "heldout"):
        for mode in ("", "_schema", "_rows"):
            files[(part, mode)] = open(os.path.join(args.out, f"logic_{part}{mode}.jsonl"), "w")
    counts = {}
    for row in rows:
        db_id, sql = row["db_id"], row["query"].strip()
        db, schema = dbs[db_id], schemas[db_id]
        gold, error = sv.run(db, sql)
        if error:
            continue
        part = "heldout" if sv.held_out(db_id) else "dev"
        database = os.path.relpath(
            os.path.join(args.data, "database", db_id + ".sqlite"), os.path.abspath(args.out)
        )
        base = {"task": "sql", "db_id": db_id, "question": row["question"], "schema": ddl[db_id]}

        def emit(family, kind, query, label):
            sample = dict(base, id=f"{row['id']}/{kind}", variant=kind, family=family, sql=query,
                          label=label)
            files[(part, "_schema")].write(json.dumps(sample, ensure_ascii=False) + "\n")
            files[(part, "_rows")].write(
                json.dumps(dict(sample, schema=rows_ddl[db_id]), ensure_ascii=False) + "\n")
            files[(part, "")].write(
                json.dumps(dict(sample, database=database), ensure_ascii=False) + "\n")
            counts[(part, kind)] = counts.get((part, kind), 0) + 1

        empty = not gold or (len(gold) == 1 and all(v is None for v in gold[0]))
        emit("valid", "valid_empty" if empty else "valid", sql, 0)
        toks = sv.tokens(sql)
        for family, kind, make in VARIANTS:
            rng = sv.rng_for(row["id"], kind)
            query = make(sql, toks, schema, db, rng)
            if not query or query.strip() == sql:
                continue
            result, error = sv.run(db, query)
            if error or not differs(gold, result, sql):
                continue
            emit(family, kind, query, 1)
    for f in files.values():
        f.close()
    for part in ("dev", "heldout"):
        line = ", ".join(f"{k}={v}" for (p, k), v in sorted(counts.items()) if p == part)
        print(f"{part}: {line}", file=sys.stderr)


if __name__ == "__main__":
    main()
