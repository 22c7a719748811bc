#!/usr/bin/env bash
# Randomized twin check: random small descriptions (nested controls, blank and role-word labels,
# symbols, decorative images, duplicate ids, suppression comments with known and unknown ids, bad
# attributes and numbers, every navigation kind) are written as XML, turned into their JSON twins by
# Scripts/xml-to-json.py, and audited both ways. The two must give the same findings (rule and
# element path) and no input error: the XML and JSON readings of FORMAT.md agree.
# TWINS_COUNT sets how many descriptions (default 200); the same count gives the same files.
# Installs nothing: needs python3.
set -euo pipefail

# shellcheck source=Tests/clients/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require_focusaudit
require_command python3
make_workdir

cat >"$WORK/twins.py" <<'PY'
import random, sys, os, subprocess, json
from xml.sax.saxutils import quoteattr
VIEWS=["Button","Text","Image","HStack","VStack","Toggle","NavigationLink","Card","Label","TabView"]
WORDS=["Send","Send button","«button»","Send\u00a0button","Send—button","전송 버튼","사진","tab","Tab bar","  ","Profile","OK"]
def attrs(rnd, screens, ids):
    a={}
    if rnd.random()<.4: a["id"]=rnd.choice(ids)
    if rnd.random()<.3: a["label"]=rnd.choice(WORDS)
    if rnd.random()<.15: a["hidden"]=rnd.choice(["true","false"])
    if rnd.random()<.15: a["on-tap"]="true"
    if rnd.random()<.2: a["decorative"]="true"
    if rnd.random()<.25: a["system-name"]=rnd.choice(["star.fill","person","plus.circle","trash"])
    if rnd.random()<.15: a["asset"]="icon_x"
    if rnd.random()<.2: a[rnd.choice(["push","sheet","destination","full-screen-cover"])]=rnd.choice(screens+["nowhere"])
    if rnd.random()<.2: a["focus"]=rnd.choice(["f1","f2","f3"])
    if rnd.random()<.15: a["traits"]=rnd.choice(["button","tab","header","link image","bogus"])
    if rnd.random()<.1: a["children"]=rnd.choice(["combine","ignore","contain"])
    if rnd.random()<.1: a["capture"]=rnd.choice(["gesture","none","binding"])
    if rnd.random()<.05: a["lable"]="x"
    return a
def view(rnd, depth, screens, ids, out, indent):
    t=rnd.choice(VIEWS)
    a=attrs(rnd, screens, ids)
    if rnd.random()<.1: out.append(indent+"<!-- focusaudit:disable "+rnd.choice(["unlabeled_control","nested_control","unknown_destination","image_missing_label","bogus_rule"])+" -->")
    s=indent+"<"+t+"".join(" %s=%s"%(k,quoteattr(v)) for k,v in a.items())
    kids=rnd.randint(0,3) if depth<3 else 0
    text=rnd.choice(WORDS) if t in ("Text","Button","Label","Card") and rnd.random()<.5 else None
    if kids==0 and text is None:
        out.append(s+"/>"); return
    out.append(s+">"+(text.strip() if text and text.strip() else ""))
    for _ in range(kids): view(rnd, depth+1, screens, ids, out, indent+"  ")
    out.append(indent+"</"+t+">")
def app(seed):
    rnd=random.Random(seed)
    n=rnd.randint(1,4)
    screens=["s%d"%i for i in range(n)]
    ids=["a","b","c"]
    out=['<app transition="%s">'%rnd.choice(["0.35","0.5"])]
    for s in screens:
        attr=' id="%s"'%s
        if rnd.random()<.5: attr+=' restore-focus="on-appear"'
        if rnd.random()<.5: attr+=' restore-delay="%s"'%rnd.choice(["0.5","0.2","2",".5","+0.5","1."])
        if rnd.random()<.5: attr+=' capture="%s"'%rnd.choice(["binding","gesture","none","path"])
        if rnd.random()<.3: attr+=' title="T"'
        out.append("  <screen%s>"%attr)
        for _ in range(rnd.randint(1,4)): view(rnd,0,screens,ids,out,"    ")
        out.append("  </screen>")
    out.append("</app>")
    return "\n".join(out)+"\n"


if __name__ == "__main__":
    fa, count, d, converter = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    bad = 0
    for seed in range(count):
        x = os.path.join(d, "a%d.xml" % seed)
        j = os.path.join(d, "a%d.json" % seed)
        open(x, "w").write(app(seed))
        subprocess.run(["python3", converter, x, j], check=True)

        def run(p):
            r = subprocess.run([fa, "check", "--format", "json", p], capture_output=True, text=True)
            dd = json.loads(r.stdout)
            return sorted((f["rule"], f["element"]) for f in dd["findings"]), dd["errors"]

        fx, ex = run(x)
        fj, ej = run(j)
        if fx != fj or ex or ej:
            bad += 1
            if bad <= 3:
                print("      seed %d: xml only %s; json only %s; errors %s %s"
                      % (seed, [f for f in fx if f not in fj], [f for f in fj if f not in fx], ex, ej))
    print(("PASS  " if bad == 0 else "FAIL  ")
          + "%d random descriptions: XML and JSON twins give the same findings (%d disagree)" % (count, bad))
PY

mkdir -p "$WORK/out"
run_checker python3 "$WORK/twins.py" "$FOCUSAUDIT" "${TWINS_COUNT:-200}" "$WORK/out" "$REPO_ROOT/Scripts/xml-to-json.py"
finish
