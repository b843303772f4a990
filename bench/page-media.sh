#!/bin/sh
# Regenerates the original placeholder clips and posters of the inner pages (public/media/pages):
# a still gradient, a glowing orb that circles once every 4 s (so the loop is seamless) and the
# item's name. A brand replaces each file by one of the same name. Needs ffmpeg with libx264 and
# libwebp (apt-get install ffmpeg).
set -eu
cd "$(dirname "$0")/../.."
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

# clip <out-without-extension> <WxH> <colour-a> <colour-b> <title> <subtitle>
clip() {
  out=$1 size=$2 a=$3 b=$4 title=$5 subtitle=$6
  w=${size%x*} h=${size#*x}
  mkdir -p "$(dirname "$out")"
  ffmpeg -v error -y \
    -f lavfi -i "gradients=s=$size:c0=$a:c1=$b:x0=0:y0=0:x1=$w:y1=$h:speed=0.00001:r=24:d=4" \
    -f lavfi -i "color=c=white:s=$size:r=24:d=4,format=rgba" \
    -filter_complex "[1]geq=r=255:g=255:b=255:a='200*exp(-(pow(X-W/2-W/4*cos(2*PI*T/4),2)+pow(Y-H/2-H/6*sin(2*PI*T/4),2))/pow(W/7,2))'[orb];[0][orb]overlay=format=auto,vignette=PI/4,drawtext=fontfile=$FONT:text='$title':fontcolor=white:fontsize=32:x=(w-text_w)/2:y=h*0.72,drawtext=fontfile=$FONT:text='$subtitle':fontcolor=white@0.8:fontsize=16:x=(w-text_w)/2:y=h*0.72+44,format=yuv420p" \
    -c:v libx264 -preset veryslow -crf 34 -tune animation -an -movflags +faststart "$out.mp4"
  ffmpeg -v error -y -i "$out.mp4" -frames:v 1 -c:v libwebp -quality 55 "$out.webp"
}

for item in 'necklace:#4f46e5:#db2777:Necklace' 't-shirt:#0ea5e9:#4f46e5:T-shirt' \
  'earring:#a21caf:#f59e0b:Earring' 'shoes:#059669:#2563eb:Shoes' 'lipstick:#be123c:#7c3aed:Lipstick'; do
  IFS=: read -r name a b title <<ITEM
$item
ITEM
  clip "public/media/pages/try-on/$name" 360x640 "$a" "$b" "$title" 'AR try-on preview'
done
clip public/media/pages/gaming/quiz 640x360 '#7c3aed' '#0ea5e9' 'Quiz Game' 'Gameplay preview'
clip public/media/pages/gaming/memory-match 640x360 '#db2777' '#f59e0b' 'Memory Match Challenge' 'Gameplay preview'
ls -l public/media/pages/*/
