#!/usr/bin/env python3
"""Issue 25 from the rows of the t25 runs (no number typed by hand): per benchmark, dtype
and size, each toolchain's best against its fastest course version, and the targets.
usage: best25.py DIR   (the --record folder of s2.sh b)"""
import csv, glob, os, sys, collections
rows = []
for f in glob.glob(os.path.join(sys.argv[1], '**', os.environ.get('LABEL','*_t25'), 'results.csv'), recursive=True):
    rows += [r for r in csv.DictReader(open(f)) if r.get('verified') == 'PASS']
def rate(r):
    for k in ('gflops',) if r['benchmark'] in ('gemm', 'fma') else ('elems_per_s',) if r['benchmark'] in ('histogram', 'ranksort') else ('gbs',):
        return float(r[k] or 0)
unit = lambda b: 'GFLOP/s' if b in ('gemm', 'fma') else 'Melem/s' if b in ('histogram', 'ranksort') else 'GB/s'
cases = collections.defaultdict(list)
for r in rows:
    cases[(r['benchmark'], r['dtype'], r['size'], r.get('params', ''))].append(r)
memcpy = max((rate(r) for r in rows if r['benchmark'] == 'copy' and r['backend'] == 'cudart'), default=0)
print('cudaMemcpy (copy lib, double 2^27): %.1f GB/s' % memcpy)
for k in sorted(cases):
    rs = cases[k]
    by = collections.defaultdict(dict)
    for r in rs:
        tc = r['backend'] if r['backend'] in ('cublas', 'cub', 'cudart') else (r.get('toolchain') or r['backend'])
        by[tc][r['variant']] = rate(r)
    sc = 1e-6 if unit(k[0]) == 'Melem/s' else 1
    lib = next((v.get('lib') for t, v in by.items() if t in ('cublas', 'cub', 'cudart')), None)
    cuda_best = by.get('nvcc-13', {}).get('best')
    print('\n%s %s %s %s [%s]%s' % (k[0], k[1], k[2], k[3], unit(k[0]), ('  lib %.1f' % (lib * sc)) if lib else ''))
    for tc in sorted(by):
        v = by[tc]
        if 'best' not in v:
            continue
        course = {n: x for n, x in v.items() if n not in ('best', 'lib')}
        cname, cval = max(course.items(), key=lambda kv: kv[1]) if course else ('-', 0)
        ref = lib or cuda_best
        print('  %-9s best %10.1f  fastest course %-10s %10.1f  best/course %5.2f  best/%s %5.2f%s' % (
            tc, v['best'] * sc, cname, cval * sc, v['best'] / cval if cval else float('nan'),
            'lib' if lib else 'cuda best', v['best'] / ref if ref else float('nan'),
            ('  best/cudaMemcpy %.2f' % (v['best'] / memcpy)) if memcpy and unit(k[0]) == 'GB/s' else ''))
