#!/usr/bin/env python3
"""Summarise the host and device clocks of portbench results (issue: one device clock).

usage: scripts/clock_summary.py TRACED.csv [UNTRACED.csv]

TRACED.csv: a run with the default clock (CUPTI device times); UNTRACED.csv: the same
configuration with --clock host (no tracing). Prints, per backend, the median launch
overhead (host time minus device time), the OpenMP/CUDA time ratio under each clock
for every size (per variant, median over variants, and best vs best), and, with the
untraced run, what tracing costs on the host clock and whether it changes the ranking
of variants. Only rows that passed are used."""
import csv
import statistics
import sys
from collections import defaultdict


def load(path):
    with open(path, newline="") as f:
        return [r for r in csv.DictReader(f) if r["verified"] == "PASS" and r["offload"] == "device"]


def num(r, k):
    return float(r[k]) if r.get(k) not in (None, "") else None


def key(r):
    return (r["backend"] + "/" + r["compiler"], r["dtype"], int(float(r["size"])), r["variant"])


def main():
    traced = load(sys.argv[1])
    print(f"source: {sys.argv[1]}")
    by_backend = defaultdict(list)
    for r in traced:
        if num(r, "launch_overhead_s") is not None:
            by_backend[r["backend"] + "/" + r["compiler"]].append(num(r, "launch_overhead_s"))
    print("\nmedian launch overhead (host time - device time) over all rows of the backend:")
    for b, v in sorted(by_backend.items()):
        print(f"  {b:14s} {statistics.median(v) * 1e6:9.1f} us  (min {min(v) * 1e6:.1f}, max {max(v) * 1e6:.1f}, {len(v)} rows)")

    rows = {key(r): r for r in traced}
    sizes = sorted({k[2] for k in rows})
    print("\nOpenMP time / CUDA time, same variant (>1: OpenMP slower); host clock vs device clock")
    for omp in sorted({k[0] for k in rows if k[0].startswith("omp/")}):
        for dt in sorted({k[1] for k in rows}):
            for n in sizes:
                ratios_h, ratios_d = [], []
                for k, r in rows.items():
                    if k[0] != omp or k[1] != dt or k[2] != n:
                        continue
                    c = rows.get(("cuda/nvcc", dt, n, k[3]))
                    if not c or num(r, "device_time_median_s") is None or num(c, "device_time_median_s") is None:
                        continue
                    ratios_h.append(num(r, "time_median_s") / num(c, "time_median_s"))
                    ratios_d.append(num(r, "device_time_median_s") / num(c, "device_time_median_s"))
                if not ratios_h:
                    continue

                def best(b, col):
                    return min(num(r, col) for k, r in rows.items() if k[0] == b and k[1] == dt and k[2] == n
                               and k[3].startswith("v"))

                bb_h = best(omp, "time_median_s") / best("cuda/nvcc", "time_median_s")
                bb_d = best(omp, "device_time_median_s") / best("cuda/nvcc", "device_time_median_s")
                print(f"  {omp:10s} {dt:6s} n={n:<6d} median over {len(ratios_h)} variants: host {statistics.median(ratios_h):6.2f}"
                      f"  device {statistics.median(ratios_d):6.2f};  best vs best: host {bb_h:6.2f}  device {bb_d:6.2f}")

    if len(sys.argv) > 2:
        untraced = {key(r): r for r in load(sys.argv[2])}
        print(f"\ntracing cost: host-clock median time with CUPTI tracing / without ({sys.argv[2]})")
        per_b = defaultdict(list)
        for k, r in rows.items():
            u = untraced.get(k)
            if u:
                per_b[k[0]].append(num(r, "time_median_s") / num(u, "time_median_s"))
        for b, v in sorted(per_b.items()):
            print(f"  {b:14s} median {statistics.median(v):.3f}  min {min(v):.3f}  max {max(v):.3f}  ({len(v)} rows)")
        changed = 0
        for b in sorted({k[0] for k in rows}):
            for dt in sorted({k[1] for k in rows}):
                for n in sizes:
                    ks = [k for k in rows if k[0] == b and k[1] == dt and k[2] == n and k in untraced]
                    t = [k[3] for k in sorted(ks, key=lambda k: num(rows[k], "time_median_s"))]
                    u = [k[3] for k in sorted(ks, key=lambda k: num(untraced[k], "time_median_s"))]
                    if t == u:
                        continue
                    # a swapped pair matters only if the two variants differ by more than
                    # the threshold in both runs (else the order is noise)
                    for i, a in enumerate(t):
                        for c in t[i + 1:]:
                            if u.index(a) < u.index(c):
                                continue
                            ka, kc = (b, dt, n, a), (b, dt, n, c)
                            dt_t = num(rows[kc], "time_median_s") / num(rows[ka], "time_median_s") - 1
                            dt_u = num(untraced[ka], "time_median_s") / num(untraced[kc], "time_median_s") - 1
                            significant = dt_t > 0.05 and dt_u > 0.05
                            changed += significant
                            print(f"  {b} {dt} n={n}: {a} before {c} traced (+{dt_t * 100:.1f}%), after it untraced "
                                  f"(+{dt_u * 100:.1f}%): {'SIGNIFICANT' if significant else 'within 5%, noise'}")
        print(f"  {changed} significant ranking change(s) (both orders > 5% apart)")


if __name__ == "__main__":
    main()
