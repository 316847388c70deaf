#!/usr/bin/env python3
"""Summarise size sweeps of portbench results (stream, fma, ...).

usage: scripts/sweep_summary.py CEILINGS.txt RESULTS.csv...

Per benchmark, dtype, parameters and backend: the asymptote (median of the three
largest sizes), its fraction of the datasheet peak (pct_peak_* columns) and of the
measured ceilings (memcpy for bandwidth, best FMA for FLOP/s), the smallest size from
which the rate stays at or above 90% of the asymptote, and the highest rate with its
size (above the asymptote: the cache bump). Only rows that passed, on the device."""
import csv
import statistics
import sys
from collections import defaultdict

FLOPS = {"fma", "fma-strided"}


def main():
    ceil = {}
    for line in open(sys.argv[1]):
        if " = " in line and not line.startswith("#"):
            k, v = line.rstrip("\n").split(" = ", 1)
            ceil[k] = v
    series = defaultdict(list)
    for path in sys.argv[2:]:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                if r["verified"] != "PASS":
                    continue
                k = (r["benchmark"], r["dtype"], r["params"], r["backend"] + "/" + r["compiler"], r["offload"])
                series[k].append(r)
    print(f"ceilings: {sys.argv[1]}: stream {float(ceil['stream_gbs']):.1f} GB/s, memcpy {float(ceil['memcpy_gbs']):.1f} GB/s,"
          f" FMA FP32 {float(ceil['fma_fp32_gflops']):.1f} GFLOP/s, FP64 {float(ceil['fma_fp64_gflops']):.1f} GFLOP/s")
    hdr = f"{'benchmark':14s} {'dtype':6s} {'params':28s} {'backend':12s} {'asymptote':>10s} {'%datasheet':>10s} {'%ceiling':>9s} {'90% from n':>11s} {'max':>10s} {'at n':>10s}"
    print(hdr)
    for k in sorted(series):
        rows = sorted(series[k], key=lambda r: float(r["size"]))
        flops = k[0] in FLOPS
        col = "gflops" if flops else "gbs"
        vals = [(float(r["size"]), float(r[col])) for r in rows]
        if len(vals) < 3:
            continue
        asym = statistics.median(v for _, v in vals[-3:])
        last = rows[-1]
        pct = last["pct_peak_flops" if flops else "pct_peak_bw"]
        if k[4] == "device" and pct:
            pct_ds = f"{float(pct) * asym / float(last[col]):9.1f}%"  # datasheet % of the asymptote
        else:
            pct_ds = f"{'-':>10s}"
        ref = (float(ceil["fma_fp64_gflops"] if k[1] == "double" else ceil["fma_fp32_gflops"]) if flops
               else float(ceil["memcpy_gbs"]))
        pct_ceil = f"{100 * asym / ref:8.1f}%" if k[4] == "device" else f"{'-':>9s}"
        reach = next((n for i, (n, _) in enumerate(vals) if all(v >= 0.9 * asym for _, v in vals[i:])), None)
        top_n, top = max(vals, key=lambda x: x[1])
        reach_s = f"{reach:11.0f}" if reach else f"{'-':>11s}"  # '-': the largest size dips below 90%
        print(f"{k[0]:14s} {k[1]:6s} {k[2] or '-':28s} {k[3]:12s} {asym:10.1f} {pct_ds} {pct_ceil} {reach_s} {top:10.1f} {top_n:10.0f}")
    print("\nunits: GB/s for bandwidth benchmarks, GFLOP/s for fma*; %ceiling is of cudaMemcpy (bandwidth) or of the"
          "\nbest measured FMA rate (FLOP/s); CPU rows (offload=cpu) have no GPU percentages.")


if __name__ == "__main__":
    main()
