#!/bin/sh
# Makes app/fonts/inter-latin-400-800.woff2, the shop's one font file, from the Inter package in node_modules.
# Needs Debian's fonttools (`sudo apt-get install -y python3-fonttools python3-brotli`); the result is committed, so
# neither a build nor a fresh install runs this. Run it again after upgrading @fontsource-variable/inter.
#
# What it keeps (ADR 078): the weights the shop's styles use, 400 to 800 (Tailwind's font-normal to font-extrabold;
# app/fonts/font.test.ts fails when a style asks for another), the Latin characters of app/app.css's unicode-range,
# and the OpenType features that change what a Dutch page shows: kerning, contextual alternates, tabular figures
# (prices in columns), composed accents and the Dutch IJ (locl). Dropped: the weights 100-399 and 801-900,
# fractions and proportional-figure alternates. 48.3 KB -> 28.9 KB.
set -e
cd "$(dirname "$0")/.."
src=node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 -m fontTools.varLib.instancer "$src" wght=400:800 -o "$tmp/limited.ttf"
/usr/bin/python3 -m fontTools.subset "$tmp/limited.ttf" \
  --unicodes='U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD' \
  --layout-features='kern,mark,mkmk,calt,ccmp,locl,tnum' \
  --no-hinting --flavor=woff2 --output-file=app/fonts/inter-latin-400-800.woff2
ls -l app/fonts/inter-latin-400-800.woff2
