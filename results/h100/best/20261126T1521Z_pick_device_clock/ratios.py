# best over the fastest course version per toolchain, dtype and nx, from the recorded CSVs; what best ran
import csv,glob,re,collections
rows=[]
for f in sorted(glob.glob('h100-sxm/*/*/results.csv')):
    rows+=list(csv.DictReader(open(f)))
for r in rows:
    r['gbs']=float(r['gbs']) if r['gbs'] not in ('','nan') else None
d=collections.defaultdict(dict); note={}; ver=collections.Counter()
for r in rows:
    if r.get('gbs') is None or r.get('verified')!='PASS' or r['benchmark']!='dmvm': continue
    tc=r.get('toolchain') or r['compiler']; key=(tc,r['dtype'],str(r['size']),r['benchmark'])
    d[key][r['variant']]=r['gbs']
    if r['variant']=='best':
        m=re.search(r"ran the course's (\w+)",r['note'] or ''); note[key]=m.group(1) if m else 'own'
bad=[r for r in rows if r.get('verified')!='PASS']
print(f"{len(rows)} rows, {len(bad)} not PASS: {[ (x['variant'],x.get('verified'),x['note'][:80]) for x in bad][:5]}")
print(f"{'toolchain':10} {'dtype':6} {'size':10} {'course':>14} {'best':>8} ratio ran")
worst=collections.defaultdict(lambda:9)
for key in sorted(d, key=lambda k:(k[0],k[1],int(k[2]))):
    v=d[key]; course={k:x for k,x in v.items() if k!='best'}
    if not course or 'best' not in v: continue
    bv=max(course,key=course.get); rt=v['best']/course[bv]
    worst[key[0]]=min(worst[key[0]],rt)
    print(f"{key[0]:10} {key[1]:6} {key[2]:10} {bv+'='+format(course[bv],'.1f'):>14} {v['best']:8.1f} {rt:.2f} {note.get(key,'?')}")
print('lowest ratio per toolchain:', {k: round(x,2) for k,x in worst.items()})
