import csv,glob,sys,collections
rows=collections.defaultdict(dict)
for f in glob.glob('*.csv'):
    b,v,i=f[:-4].split('_')
    for r in csv.DictReader(open(f)):
        if r['verified']!='PASS': print('NOT PASS',f,r['backend'],r['variant'],r['verified']); continue
        rate=float(r['gflops'] if b=='gemm' else r['gbs'])
        be=r['backend']+('@'+r['toolchain'] if r['backend']=='omp' else '')
        rows[(b,be,r['variant'],r['dtype'],r['size'])][(v,i)]=rate
print(f"{'bench':7}{'backend':14}{'var':6}{'dtype':7}{'size':>10}  new/old per round        max/min old   max/min new")
for k in sorted(rows):
    d=rows[k]; rounds=sorted({i for (v,i) in d})
    rr=[d[('new',i)]/d[('old',i)] for i in rounds if ('new',i) in d and ('old',i) in d]
    olds=[d[('old',i)] for i in rounds if ('old',i) in d]; news=[d[('new',i)] for i in rounds if ('new',i) in d]
    f=lambda x: f"{max(x)/min(x):6.3f}" if len(x)>1 else "     -"
    print(f"{k[0]:7}{k[1]:14}{k[2]:6}{k[3]:7}{k[4]:>10}  "+" ".join(f"{x:5.3f}" for x in rr).ljust(24)+f" {f(olds)}        {f(news)}")
