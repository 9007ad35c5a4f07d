#!/usr/bin/env bash
# render.sh — CLI tests of the PNG heatmaps: `dmap render CSV --output FILE` writes a PNG of
# the size --scale asks for (read from its IHDR header), and bad input gives exit 2 with one
# line on stderr, leaves an existing file untouched (unless --force) and leaves no temporary
# file behind. The pixels themselves are checked by tests/test_heatmap.c.
set -euo pipefail

DMAP=${DMAP:?set DMAP to the dmap binary}
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
cli_begin cli_render
cd "$tmp"

# png_size FILE : "WIDTHxHEIGHT" from the IHDR chunk, or "not a png"
png_size() {
    local sig
    sig=$(od -An -tx1 -N8 "$1" | tr -d ' \n')
    if [[ $sig != 89504e470d0a1a0a ]]; then echo "not a png"; return; fi
    local b
    read -r -a b <<<"$(od -An -tu1 -j16 -N8 "$1")"
    echo "$(((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]))x$(((b[4] << 24) | (b[5] << 16) | (b[6] << 8) | b[7]))"
}

# expect_png NAME FILE SIZE CMD... : exit 0, nothing on stderr, FILE is a PNG of SIZE
expect_png() {
    local name=$1 file=$2 want=$3 rc=0 got
    shift 3
    "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
    got=$(png_size "$file" 2>/dev/null || echo missing)
    if [[ $rc -eq 0 && ! -s $tmp/err && $got == "$want" ]]; then pass
    else fail "$name: rc=$rc size=$got want $want stderr: $(cat "$tmp/err")"; fi
}

printf '......\n.####.\n.#..#.\n' >map.txt
"$DMAP" field map.txt --goal 0,2 --format csv >map.csv

# sizes: W*scale x H*scale; the default scale puts the longer side near 512 px (at most 32
# px a cell: 6x3 cells -> 32); the legend adds 32 rows and widens the picture to 160 px at least
expect_png "render default scale" a.png "192x128" "$DMAP" render map.csv --output a.png
expect_png "render scale 3 no legend" b.png "18x9" "$DMAP" render map.csv --output b.png --scale 3 --no-legend
expect_png "render with legend widens" c.png "160x41" "$DMAP" render map.csv --output c.png --scale 3
expect_png "render everything" d.png "120x60" "$DMAP" render map.csv --output d.png --scale 20 \
    --goal 0,2 --path 5,2 --arrows --no-legend
expect_png "render stdin" e.png "60x30" "$DMAP" render - --output e.png --scale 10 --no-legend <map.csv
expect_png "render ceiling" f.png "60x30" "$DMAP" render map.csv --output f.png --scale 10 --no-legend --ceiling 100
expect_png "render 8 moves" g.png "60x30" "$DMAP" render map.csv --output g.png --scale 10 --no-legend --moves 8 --arrows

# the new file gets the usual mode (0666 less the umask), not the temporary file's private 0600
(umask 022 && "$DMAP" render map.csv --output mode.png --scale 2)
if [[ $(stat -c %a mode.png) == 644 ]]; then pass; else fail "mode.png has mode $(stat -c %a mode.png)"; fi

# ---- an existing file: refused and untouched; --force replaces it ------------------------------
echo "my notes" >notes.png
expect_usage "existing output refused" "exists" "$DMAP" render map.csv --output notes.png
if [[ $(cat notes.png) == "my notes" ]]; then pass; else fail "existing output was changed"; fi
expect_png "force overwrites" notes.png "18x9" "$DMAP" render map.csv --output notes.png --force --scale 3 --no-legend
# a device (here through symbolic links) is written into with --force, never replaced by a file:
# /dev/null takes the picture, /dev/full is exit 2 with one line, and both links stay links
ln -s /dev/null null-link
ln -s /dev/full full-link
rc=0
"$DMAP" render map.csv --output null-link --force >out 2>err || rc=$?
if [[ $rc -eq 0 && ! -s err && -L null-link ]]; then pass; else fail "--force to a device: rc=$rc, link kept: $([[ -L null-link ]] && echo yes || echo no): $(cat err)"; fi
expect_usage "force to a full device" "full-link" "$DMAP" render map.csv --output full-link --force
if [[ -L full-link ]]; then pass; else fail "--force replaced the link to /dev/full"; fi
# a link to a file (or to a name not there yet) stays a link with --force: the file it names
# becomes the picture
echo "old notes" >target.png
ln -s target.png file-link
ln -s fresh.png dangling-link
"$DMAP" render map.csv --output file-link --force --scale 3 --no-legend
"$DMAP" render map.csv --output dangling-link --force --scale 3 --no-legend
if [[ -L file-link && -L dangling-link && $(png_size target.png) == 18x9 && $(png_size fresh.png) == 18x9 ]]
then pass; else fail "--force over links: $(ls -l file-link dangling-link target.png fresh.png 2>&1)"; fi

# render has no --format: its help does not send the reader to one
if ! "$DMAP" help render | grep -q -- "--format png"; then pass; else fail "render's help names --format"; fi

# ---- bad input: exit 2, one line, nothing written ----------------------------------------------
printf '1,2\n3\n' >ragged.csv
expect_usage "missing output" "output" "$DMAP" render map.csv
expect_usage "missing csv" "CSV" "$DMAP" render --output x.png
expect_usage "no such csv" "nope.csv" "$DMAP" render nope.csv --output x.png
expect_usage "ragged csv" "ragged.csv" "$DMAP" render ragged.csv --output x.png
expect_usage "scale 0" "--scale" "$DMAP" render map.csv --output x.png --scale 0
expect_usage "scale 65" "--scale" "$DMAP" render map.csv --output x.png --scale 65
expect_usage "scale junk" "--scale" "$DMAP" render map.csv --output x.png --scale 3x
expect_usage "goal on a wall" "--goal" "$DMAP" render map.csv --output x.png --goal 1,1
expect_usage "goal outside" "--goal" "$DMAP" render map.csv --output x.png --goal 9,9
expect_usage "path outside" "--path" "$DMAP" render map.csv --output x.png --path 6,0
expect_usage "path junk" "--path" "$DMAP" render map.csv --output x.png --path a,b
expect_usage "ceiling junk" "--ceiling" "$DMAP" render map.csv --output x.png --ceiling nan
expect_usage "unknown option" "--frobnicate" "$DMAP" render map.csv --output x.png --frobnicate
expect_usage "two csv" "unexpected" "$DMAP" render map.csv map.csv --output x.png
expect_usage "output to stdout" "--output" "$DMAP" render map.csv --output -
expect_usage "empty output" "--output" "$DMAP" render map.csv --output ''
expect_usage "missing folder" "no/such" "$DMAP" render map.csv --output no/such/x.png
printf '0%.0s,' $(seq 299) >wide.csv && echo 0 >>wide.csv
expect_usage "too large" "larger" "$DMAP" render wide.csv --output x.png --scale 64
if [[ ! -e x.png ]]; then pass; else fail "a failed render left x.png"; fi
leftovers=$(find . -name '*.tmp-*' | wc -l)
if [[ $leftovers -eq 0 ]]; then pass; else fail "temporary files left: $(find . -name '*.tmp-*')"; fi

# ---- --format png in field, flee, timing and combine ------------------------------------------
# The same picture two ways: field's own --format png, and its csv drawn by render with the
# same marks: the files must be identical (the pocket is unreachable: 'inf' in the csv).
"$DMAP" field map.txt --goal 0,2 --format png --output field.png --scale 7 --path 5,2 --arrows >field.out
if [[ ! -s field.out ]]; then pass; else fail "field --format png printed on stdout"; fi
"$DMAP" render map.csv --output render.png --scale 7 --goal 0,2 --path 5,2 --arrows
if cmp -s field.png render.png; then pass; else fail "field --format png differs from field csv | render"; fi
# with a ceiling: --default is the ceiling of the picture too
"$DMAP" field map.txt --goal 0,2 --default 5 --format csv >ceil.csv
"$DMAP" field map.txt --goal 0,2 --default 5 --format png --output ceil1.png --scale 5
"$DMAP" render ceil.csv --output ceil2.png --scale 5 --goal 0,2 --ceiling 5
if cmp -s ceil1.png ceil2.png; then pass; else fail "field --default 5 png differs from render --ceiling 5"; fi
expect_png "flee png" flee.png "160x47" "$DMAP" flee map.txt --goal 5,0 --format png --output flee.png --scale 5
expect_png "timing png" timing.png "30x15" "$DMAP" timing map.txt --enemy 5,0 --format png --output timing.png \
    --scale 5 --no-legend
"$DMAP" combine map.csv 'map.csv*2' --format png --output combine.png --scale 4 --no-legend
if [[ $(png_size combine.png) == 24x12 ]]; then pass; else fail "combine png: $(png_size combine.png)"; fi
# timing --me still prints the safe region (and nothing else) on stdout
got=$("$DMAP" timing map.txt --enemy 5,0 --me 0,2 --format png --output region.png --scale 2)
if [[ $got == $'\n'* && $(png_size region.png) == 160x38 ]]; then pass; else fail "timing --me png: $got"; fi
expect_usage "field png needs output" "--output" "$DMAP" field map.txt --goal 0,0 --format png
expect_usage "output needs png" "needs --format png" "$DMAP" field map.txt --goal 0,0 --output y.png
expect_usage "arrows need png" "--arrows needs --format png" "$DMAP" flee map.txt --goal 0,0 --arrows
expect_usage "flee png existing" "exists" "$DMAP" flee map.txt --goal 5,0 --format png --output flee.png
expect_usage "combine png needs output" "--output" "$DMAP" combine map.csv --format png
expect_usage "update refuses png" "png" "$DMAP" update map.txt --goal 0,0 --edits /dev/null --format png
expect_usage "scale twice" "--scale" "$DMAP" field map.txt --goal 0,0 --format png --output y.png --scale 2 --scale 3
if [[ ! -e y.png ]]; then pass; else fail "a refused command wrote y.png"; fi

cli_finish
