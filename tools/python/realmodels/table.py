#!/usr/bin/env python3
"""docs/REAL_MODELS.md's tables from check.py's results (--results files).

  /usr/bin/python3 tools/python/realmodels/table.py testing/realmodels/results/*.json \\
      > docs/REAL_MODELS.tables.md

Two tables: programs PyTorch 2.6 captured (Dynamo graphs, exported
programs), with PyTorch's own pass on the same program next to fxpp's; and
programs PyTorch 1.13 traced (what CI runs), one column per pipeline.
"""

import collections
import json
import sys


def _seconds(value):
    return "—" if value is None else f"{value * 1000:.0f} ms" if value >= 0.001 else "<1 ms"


def _equal(rows):
    """'yes' / 'NO' per torch version that ran the rows."""
    by_version = collections.defaultdict(list)
    for r in rows:
        by_version[r.get("torch_version", "?")].append(r)
    parts = []
    for version in sorted(by_version):
        bad = [r for r in by_version[version] if not r.get("equal") or r.get("error")]
        short = version.split("+")[0].split("a")[0]
        parts.append(f"{short}: {'NO' if bad else 'yes'}")
    return ", ".join(parts)


def _graphs(count):
    return f"{count} graph{'' if count == 1 else 's'}"


def _pytorch(result):
    if result is None:
        return "—"
    if result.get("error"):
        return f"**crashed** ({result['error']})"
    verdict = "equal" if result["correct"] else \
        f"**WRONG** (max abs diff {result['max_abs_diff']:.3g})"
    return (f"{result['nodes_after']} nodes, {_graphs(result.get('graphs', 0))}, "
            f"{_seconds(result['seconds'])}, {verdict}")


def _ours(rows):
    r = rows[0]
    if r.get("error"):
        return f"**failed**: {r['error']}"
    return (f"{r['nodes_after']} nodes, {_graphs(r['graphs'])}, {_seconds(r['fxpp_seconds'])}, "
            f"equal {_equal(rows)}")


def _group(rows):
    out = collections.OrderedDict()
    for r in rows:
        out.setdefault((r["model"], r["tracer"]), collections.OrderedDict()) \
            .setdefault(r["pipeline"], []).append(r)
    return out


def torch26_table(rows):
    lines = [
        "| model | capture | nodes | fxpp's pass | PyTorch 2.6's pass | fmt / split round trips |",
        "|---|---|---|---|---|---|",
    ]
    for (model, tracer), pipelines in _group(rows).items():
        main = "dedup" if tracer == "dynamo" else "unflatten"
        if main not in pipelines:
            continue
        first = pipelines[main][0]
        theirs = (first.get("pytorch") or {}).get(main)
        others = [name for name in pipelines if name not in (main, "dump only")]
        other_rows = [r for name in others for r in pipelines[name]]
        checked = ", ".join(others) if others else "dump only"
        lines.append(
            f"| {model} | {tracer} | {first['nodes_before']} | {main}: {_ours(pipelines[main])} | "
            f"{main}: {_pytorch(theirs)} | {checked}: equal "
            f"{_equal(other_rows + pipelines['dump only'])} |")
    return "\n".join(lines)


_TORCH113_PIPELINES = ("fmt round trip", "dedup", "functionalize", "functionalize+dedup",
                       "split 2 chunks", "split 5 chunks", "split top modules")


def torch113_table(rows):
    lines = ["| model | capture | nodes | " + " | ".join(_TORCH113_PIPELINES) + " |",
             "|---|---|---|" + "---|" * len(_TORCH113_PIPELINES)]
    for (model, tracer), pipelines in _group(rows).items():
        cells = []
        for name in _TORCH113_PIPELINES:
            if name not in pipelines:
                cells.append("—")
                continue
            r = pipelines[name][0]
            if r.get("error"):
                cells.append("**failed**")
                continue
            graphs = f" +{r['graphs']}" if r["graphs"] else ""
            ok = "=" if not any(not x.get("equal") for x in pipelines[name]) else "**≠**"
            cells.append(f"{r['nodes_after']}{graphs} {ok} {_seconds(r['fxpp_seconds'])}")
        first = next(iter(pipelines.values()))[0]
        lines.append(f"| {model} | {tracer} | {first['nodes_before']} | "
                     + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(paths):
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            rows.extend(json.load(f))
    print("### Programs captured by PyTorch 2.6\n")
    print(torch26_table([r for r in rows if "fixture" in r["source"]]))
    print("\n### Programs traced by PyTorch 1.13 (CI)\n")
    print(torch113_table([r for r in rows if "fixture" not in r["source"]]))


if __name__ == "__main__":
    main(sys.argv[1:])
