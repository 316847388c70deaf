# every derived column of every row, recomputed from the row's own measured columns (time on its clock, bytes,
# flops, energy per repetition, the library row of its case), and new's rates over prev's per round
# usage: python3 check.py   (in the folder with <bench>_<prev|new>_<round>.csv)
import csv, glob, collections
def t(r):
    return float(r['device_time_median_s']) if r['clock'] == 'device' else float(r['time_median_s'])
def close(a, b):
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b))
bad = collections.Counter(); checked = collections.Counter(); rates = collections.defaultdict(dict); elems = collections.defaultdict(set)
for f in sorted(glob.glob('*_*_*.csv')):
    b, v, i = f[:-4].split('_')
    rows = list(csv.DictReader(open(f)))
    for r in rows:
        if r['verified'] != 'PASS':
            print('NOT PASS', f, r['backend'], r['toolchain'], r['variant'], r['verified'], r['note'][:80])
            bad[v] += r['verified'] == 'FAIL'; continue
        tt = t(r)
        tests = [('gbs', float(r['bytes']) / tt * 1e-9), ('gflops', float(r['flops']) / tt * 1e-9)]
        if r['energy_j_per_rep']:
            tests.append(('gb_per_j', float(r['bytes']) / float(r['energy_j_per_rep']) * 1e-9))
        lib = [l for l in rows if l['variant'] == 'lib' and l['verified'] == 'PASS' and l['dtype'] == r['dtype']
               and l['size'] == r['size'] and l['params'] == r['params']]
        lib.sort(key=lambda l: (l['offload'] == 'cpu') != (r['offload'] == 'cpu'))  # the library of its kind first
        if lib:
            tests.append(('speedup_vs_lib', t(lib[0]) / tt))
        if r['elems_per_s']:  # the element count behind elems_per_s: the same in prev and new
            elems[(b, r['dtype'], r['size'], r['params'])].add(round(float(r['elems_per_s']) * tt))
        if r['gbs'] and r['pct_peak_bw']:
            rates[('peak_bw_gbs', v)][f] = 100 * float(r['gbs']) / float(r['pct_peak_bw'])
        for col, want in tests:
            if not r[col]:
                if want > 0 and col != 'gflops':
                    print('EMPTY', v, f, col, r['variant']); bad[v] += 1
                continue
            checked[v] += 1
            if not close(float(r[col]), want):
                bad[v] += 1; print('DIFF', v, f, r['backend'], r['variant'], col, r[col], want)
        rate = float(r['gflops'] if b == 'gemm' else r['elems_per_s'] if b == 'histogram' else r['gbs'])
        be = r['backend'] + ('@' + r['toolchain'] if r['backend'] == 'omp' else '')
        rates[(b, be, r['variant'], r['dtype'], r['size'], r['clock'])][(v, i)] = rate
for v in ('prev', 'new'):
    print(f'{v}: {checked[v]} derived values recomputed from the row, {bad[v]} differ or are missing')
for k, e in elems.items():
    print('elements behind elems_per_s', k, sorted(e), 'one count' if len(e) == 1 else 'DIFFER')
for v in ('prev', 'new'):
    x = rates.get(('peak_bw_gbs', v), {})
    if x: print(f'{v}: the peak behind pct_peak_bw: {min(x.values()):.1f}..{max(x.values()):.1f} GB/s')
print(f"{'bench':10}{'backend':14}{'var':6}{'dtype':7}{'size':>10} {'clock':7} new/prev per round   max/min prev  max/min new")
for k in sorted(k for k in rates if k[0] != 'peak_bw_gbs'):
    d = rates[k]; rounds = sorted({i for (v, i) in d})
    rr = [d[('new', i)] / d[('prev', i)] for i in rounds if ('new', i) in d and ('prev', i) in d]
    f = lambda v: (lambda x: f"{max(x) / min(x):6.3f}" if len(x) > 1 else "     -")([d[(v, i)] for i in rounds if (v, i) in d])
    print(f"{k[0]:10}{k[1]:14}{k[2]:6}{k[3]:7}{k[4]:>10} {k[5]:7} " + " ".join(f"{x:5.3f}" for x in rr).ljust(22) + f"{f('prev')}        {f('new')}")
