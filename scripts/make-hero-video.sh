#!/usr/bin/env bash
# Makes the landing page's background video and its poster (public/media/), from nothing but maths:
# slow waves in the site's colours with a faint moving grid, periodic in time so that the loop is seamless.
# Needs ffmpeg (Debian: apt-get install ffmpeg). The outputs are committed; run this only to change them.
set -euo pipefail
cd "$(dirname "$0")/.."
out=public/media
mkdir -p "$out"
W=854 H=480 FPS=24 SECONDS=8
P=$SECONDS   # the period of every term in T, so the last frame leads into the first
m="(0.5+0.5*sin(X/170+Y/260+2*PI*T/$P)*cos(Y/140-X/400-2*PI*T/$P))"
grid="(gt(sin(X/36+2*PI*T/$P),0.985)+gt(sin(Y/36-2*PI*T/$P),0.985))*0.35"
shade="(0.75+0.25*Y/$H)"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "color=c=black:s=${W}x${H}:r=${FPS}:d=${SECONDS},format=rgb24" \
  -vf "geq=r='clip((11+10*$m+40*$grid)*$shade,0,255)':g='clip((23+90*$m+90*$grid)*$shade,0,255)':b='clip((48+100*$m+100*$grid)*$shade,0,255)',format=yuv420p" \
  -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -an "$out/hero.webm"
ffmpeg -hide_banner -loglevel error -y -i "$out/hero.webm" \
  -c:v libx264 -preset slow -crf 30 -pix_fmt yuv420p -movflags +faststart -an "$out/hero.mp4"
ffmpeg -hide_banner -loglevel error -y -i "$out/hero.webm" -frames:v 1 -c:v libwebp -quality 70 "$out/hero-poster.webp"
ls -l "$out"
