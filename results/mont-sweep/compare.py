# After/before ratios of the sweep medians, run pair by run pair (before-i, after-i), for
# commit, prove, verify (one by one) and batch verify; "≈" where the samples of a pair overlap.
# Usage: python3 results/mont-sweep/compare.py results/mont-sweep
import json, sys, statistics, collections
d = sys.argv[1]
pairs = [("before-1", "after-1"), ("before-2", "after-2")]
def load(name):
    out = collections.defaultdict(list)
    for line in open(f"{d}/{name}.jsonl"):
        r = json.loads(line)
        for m in ("commit", "prove", "verify", "batch_verify"):
            v = r.get(f"t_{m}_ns")
            if v: out[(r["scheme"], r["curve"], r["k"], m)].append(v / 1e6)
    return out
runs = {n: load(n) for p in pairs for n in p}
keys = sorted(runs["before-1"])
rows = collections.defaultdict(dict)
for k in keys:
    rs, ov = [], False
    for b, a in pairs:
        sb, sa = runs[b][k], runs[a][k]
        rs.append(statistics.median(sa) / statistics.median(sb))
        if max(sa) >= min(sb) and max(sb) >= min(sa): ov = True
    lo, hi = min(rs), max(rs)
    cell = f"{lo:.2f}×" if f"{lo:.2f}" == f"{hi:.2f}" else f"{lo:.2f}–{hi:.2f}×"
    if ov: cell += " ≈"
    rows[k[:3]][k[3]] = cell
print("| scheme | curve | k | commit | prove | verify one by one | batch verify |")
print("| --- | --- | --- | --- | --- | --- | --- |")
order = ["kzg","kzg-plus","kzg-plus-global","semi-avid","aplonk","aplonk-global","kzg-cells"]
for key in sorted(rows, key=lambda x: (x[1], order.index(x[0]), x[2])):
    r = rows[key]
    print(f"| {key[0]} | {key[1]} | {key[2]} | {r.get('commit','')} | {r.get('prove','')} | {r.get('verify','')} | {r.get('batch_verify','')} |")
