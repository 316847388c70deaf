import re,glob,sys,collections
def parse(f):
    d={}  # (dtype,nx,tc,variant)->val
    dt=nx=None; cols=[]
    for l in open(f):
        m=re.match(r'^dmvm\s+(\w+)\s+nx=(\d+)',l)
        if m: dt,nx=m.group(1),int(m.group(2)); continue
        if l.startswith('variant'):
            cols=re.findall(r'omp\(([\w-]+)\)',l); continue
        p=l.split()
        if dt and p and re.match(r'^(v\d|best)$',p[0]) and len(p)==len(cols)+1:
            for c,v in zip(cols,p[1:]):
                try: d[(dt,nx,c,p[0])]=float(v)
                except: pass
    return d
lad=parse('logs/ladder.dmvm.txt')
cands={f.split('/')[-1].split('.')[0]:parse(f) for f in sorted(glob.glob('logs/[df]_*.txt'))}
for dt in ['double','float']:
  for tc in ['clang-14','clang-15']:
    print(f'== {dt} {tc}: nx, best course (variant), table best, ratio' + ('; candidates best/course' if tc=='clang-14' else ''))
    for nx in sorted({k[1] for k in lad if k[0]==dt}):
        course={v:x for (a,b,c,v),x in lad.items() if a==dt and b==nx and c==tc and v!='best'}
        if not course: continue
        bv=max(course,key=course.get); b=lad.get((dt,nx,tc,'best'))
        s=f'{nx:6d} {bv}={course[bv]:8.1f} best={b:8.1f} {b/course[bv]:.2f}'
        if tc=='clang-14':
            for k,c in cands.items():
                if k[0]==dt[0] and (dt,nx,tc,'best') in c: s+=f' | {k[2:30]} {c[(dt,nx,tc,"best")]/course[bv]:.2f}'
        print(s)
