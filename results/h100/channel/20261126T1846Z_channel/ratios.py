# each row's rate in build B over build A, per round, and the spread of each build's own rounds
# usage: python3 ratios2.py A B   (reads <bench>_<A|B>_<round>.csv in the current folder)
import csv, glob, sys, collections
A, B = sys.argv[1], sys.argv[2]
rows = collections.defaultdict(dict)
for f in glob.glob('*.csv'):
    parts = f[:-4].split('_')
    if len(parts) != 3 or parts[1] not in (A, B):
        continue
    b, v, i = parts
    for r in csv.DictReader(open(f)):
        if r['verified'] != 'PASS':
            print('NOT PASS', f, r['backend'], r['toolchain'], r['variant'], r['dtype'], r['size'], r['verified'], r['note'][:90])
            continue
        rate = float(r['gflops'] if b == 'gemm' else r['gbs'])
        be = r['backend'] + ('@' + r['toolchain'] if r['backend'] == 'omp' else '')
        rows[(b, be, r['variant'], r['dtype'], r['size'])][(v, i)] = rate
print(f"{'bench':7}{'backend':14}{'var':6}{'dtype':7}{'size':>10}  {B}/{A} per round".ljust(70) + f"max/min {A}  max/min {B}")
for k in sorted(rows):
    d = rows[k]
    rounds = sorted({i for (v, i) in d})
    rr = [d[(B, i)] / d[(A, i)] for i in rounds if (B, i) in d and (A, i) in d]
    xa = [d[(A, i)] for i in rounds if (A, i) in d]
    xb = [d[(B, i)] for i in rounds if (B, i) in d]
    f = lambda x: f"{max(x) / min(x):6.3f}" if len(x) > 1 else "     -"
    print((f"{k[0]:7}{k[1]:14}{k[2]:6}{k[3]:7}{k[4]:>10}  " + " ".join(f"{x:5.3f}" for x in rr)).ljust(70) + f"{f(xa)}        {f(xb)}")
