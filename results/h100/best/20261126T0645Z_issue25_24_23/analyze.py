#!/usr/bin/env python3
"""What the session's GPU runs show, from the rows portbench recorded (no number typed by hand).
usage: analyze.py RESULTS_DIR...   (the --record folders of .dev/s1.sh, any depth)
1. energy: per row identity (benchmark, variant, backend, toolchain, dtype, size, params) the
   energy per repetition of the runs labelled energy1..3 (energyNgcc too): spread = (max - min)
   / median; how many rows are within 5%.
2. noise: per label (fixed, noise1, noise05): GPU rows measured, repetitions, stop reasons,
   and how many have noise_pct above 50%, 10%, 1%; and the half-range (max - min) / 2 /
   median above 50% (the measure the issue counted on the committed rows)."""
import csv, glob, os, statistics, sys, collections

def rows(dirs):
    for d in dirs:
        for f in glob.glob(os.path.join(d, '**', '*.csv'), recursive=True):
            label = os.path.basename(os.path.dirname(f)).split('_', 1)[-1]
            try:
                for r in csv.DictReader(open(f)):
                    r['_label'] = label
                    yield r
            except (csv.Error, UnicodeDecodeError):
                pass

def num(r, k):
    try:
        return float(r.get(k) or 'nan')
    except ValueError:
        return float('nan')

def ident(r):
    return (r['benchmark'], r['variant'], r['backend'], r.get('toolchain', ''), r['dtype'], r['size'], r.get('params', ''))

all_rows = list(rows(sys.argv[1:]))
gpu = [r for r in all_rows if r.get('device_clock') or r.get('backend') in ('cuda', 'cublas', 'cub', 'cudart') or (r.get('backend') or '').startswith('omp')]

print('# 1. energy per repetition over the runs energy1..3 (J), per row')
e = collections.defaultdict(dict)
for r in gpu:
    lab = r['_label']
    if lab.startswith('energy') and r.get('verified') == 'PASS' and num(r, 'energy_j_per_rep') == num(r, 'energy_j_per_rep'):
        e[ident(r)][lab.replace('gcc', '')] = r
spreads = []
pw_spreads = []
def spread(v):
    return (max(v) - min(v)) / statistics.median(v) * 100
print('%-10s %-8s %-10s %-9s %-6s %-10s %10s %10s %10s %7s %7s %8s %8s' % ('bench', 'variant', 'backend', 'toolchain', 'dtype', 'size',
      'J/rep 1', 'J/rep 2', 'J/rep 3', 'spread%', 'W', 'GB/J', 'GFLOP/J'))
for k in sorted(e):
    runs = e[k]
    v = [num(runs[l], 'energy_j_per_rep') for l in sorted(runs)]
    if len(v) < 2:
        continue
    sp = spread(v)
    spreads.append((sp, k, min(num(runs[l], 'energy_window_s') for l in runs)))
    # what moved: the time of a repetition in the window, or the power
    tw = [num(runs[l], 'energy_window_s') / num(runs[l], 'energy_reps') for l in sorted(runs)]
    pw = [num(runs[l], 'power_w') for l in sorted(runs)]
    pw_spreads.append((spread(pw), spread(tw), sp, k))
    first = runs[sorted(runs)[0]]
    cells = ['%10.4g' % x for x in v] + [''] * (3 - len(v))
    print('%-10s %-8s %-10s %-9s %-6s %-10s %10s %10s %10s %7.1f %7.0f %8.3g %8.3g' % (k[0], k[1], k[2], k[3], k[4], k[5], *cells[:3], sp,
          num(first, 'power_w'), num(first, 'gb_per_j'), num(first, 'gflop_per_j')))
if spreads:
    s = sorted(x[0] for x in spreads)
    within = sum(1 for x in s if x <= 5)
    print('\nrows in 2-3 runs: %d; spread within 5%%: %d (%.0f%%); median spread %.2f%%, max %.2f%% (%s)'
          % (len(s), within, 100.0 * within / len(s), statistics.median(s), s[-1], ' '.join(max(spreads)[1][:4])))
    print('shortest energy window: %.3f s' % min(x[2] for x in spreads))
    p = sorted(x[0] for x in pw_spreads)
    print('power over the window: spread within 5%%: %d of %d rows, median %.2f%%, max %.2f%%'
          % (sum(1 for x in p if x <= 5), len(p), statistics.median(p), p[-1]))
    over = [x for x in pw_spreads if x[2] > 5]
    print('rows whose energy spread is above 5%%: %d; of them, the time of a repetition in the window spread more '
          'than the power in %d' % (len(over), sum(1 for x in over if x[1] > x[0])))
    print('%-34s %8s %8s %8s' % ('row (energy spread > 5%)', 'energy%', 'time%', 'power%'))
    for pw_, tw_, sp_, k in sorted(over, key=lambda x: -x[2]):
        print('%-34s %8.1f %8.1f %8.1f' % (' '.join(k[:4]), sp_, tw_, pw_))

print('\n# 2. noise of the median per run label (GPU rows, PASS)')
by = collections.defaultdict(list)
for r in gpu:
    if r.get('verified') == 'PASS' and r['_label'].rstrip('gc') in ('fixed', 'noise1', 'noise05', 'default'):
        by[r['_label'].replace('gcc', '')].append(r)
print('%-8s %5s %6s %6s %6s %6s %8s %8s %8s %10s %s' % ('label', 'rows', 'reps', 'reps', 'reps', 'no CI', '>50%', '>10%', '>1%',
      'halfrng>50', 'stop reasons'))
print('%-8s %5s %6s %6s %6s %6s' % ('', '', 'min', 'median', 'max', ''))
for lab in ('fixed', 'noise1', 'noise05', 'default'):
    rs = by.get(lab, [])
    if not rs:
        continue
    reps = [int(r['reps']) for r in rs if r.get('reps')]
    nz = [num(r, 'noise_pct') for r in rs]
    noci = sum(1 for x in nz if x != x)
    hr = 0
    for r in rs:
        med, mn, mx = num(r, 'time_median_s'), num(r, 'time_min_s'), num(r, 'time_max_s')
        if med > 0 and (mx - mn) / 2 / med > 0.5:
            hr += 1
    stops = collections.Counter(r.get('stop_reason', '') for r in rs)
    print('%-8s %5d %6d %6g %6d %6d %8d %8d %8d %10d %s' % (lab, len(rs), min(reps), statistics.median(reps), max(reps), noci,
          sum(1 for x in nz if x > 50), sum(1 for x in nz if x > 10), sum(1 for x in nz if x > 1), hr,
          ' '.join('%s=%d' % kv for kv in sorted(stops.items()))))
