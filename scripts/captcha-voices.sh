#!/usr/bin/env bash
# Makes the audio captcha's digit clips: server/captcha/voices/{ru,en,kz,ch}/{0..9}.wav.
#
# Run by hand once (the clips are committed); the server and CI never need espeak-ng.
# Made with: eSpeak NG 1.51 (Debian package espeak-ng 1.51+dfsg-10+deb12u2) and Python 3.11
# (standard library only), on Debian 12:
#
#   espeak-ng -v <voice> -s 140 -a 150 -w raw.wav "<digit>"
#
# voices: ru -> ru, en -> en, kz -> kk, ch -> cmn. espeak-ng writes 22,050 Hz mono 16-bit PCM; the
# Python step below low-passes (windowed sinc, cut-off 3.6 kHz) and resamples it to 8,000 Hz mono
# 16-bit PCM, trims the silence at both ends (below 3% of the peak, 15 ms kept each side),
# normalises the peak to 90% of full scale and writes a plain 44-byte-header WAV.
# Then it prints each clip's duration and RMS level and fails if any is shorter than 0.1 s,
# longer than 1.2 s or silent.
set -euo pipefail

cd "$(dirname "$0")/.."
out=server/captcha/voices
command -v espeak-ng >/dev/null || { echo "espeak-ng is not installed (apt-get install -y espeak-ng)" >&2; exit 1; }
espeak-ng --version

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

declare -A voice=([ru]=ru [en]=en [kz]=kk [ch]=cmn)
for lang in ru en kz ch; do
  mkdir -p "$out/$lang"
  for digit in 0 1 2 3 4 5 6 7 8 9; do
    espeak-ng -v "${voice[$lang]}" -s 140 -a 150 -w "$tmp/$lang-$digit.wav" "$digit"
  done
done

python3 - "$tmp" "$out" <<'PY'
import math, struct, sys, wave

src, out = sys.argv[1], sys.argv[2]
RATE = 8000

def read(path):
    with wave.open(path, 'rb') as w:
        assert w.getnchannels() == 1 and w.getsampwidth() == 2, path
        rate = w.getframerate()
        data = w.readframes(w.getnframes())
    return rate, list(struct.unpack('<%dh' % (len(data) // 2), data))

def resample(samples, rate_in, rate_out, cutoff=3600.0, half=24):
    # Windowed-sinc (Blackman) interpolation with a low-pass below the new Nyquist frequency.
    n_out = int(len(samples) * rate_out / rate_in)
    fc = cutoff / rate_in
    result = []
    for i in range(n_out):
        t = i * rate_in / rate_out
        centre = int(t)
        acc = 0.0
        for k in range(centre - half + 1, centre + half + 1):
            if 0 <= k < len(samples):
                x = t - k
                sinc = 2 * fc if x == 0 else math.sin(2 * math.pi * fc * x) / (math.pi * x)
                w = 0.42 + 0.5 * math.cos(math.pi * x / half) + 0.08 * math.cos(2 * math.pi * x / half)
                acc += samples[k] * sinc * w
        result.append(acc)
    return result

def trim(samples, margin):
    peak = max(abs(s) for s in samples)
    loud = [i for i, s in enumerate(samples) if abs(s) > 0.03 * peak]
    start, end = max(0, loud[0] - margin), min(len(samples), loud[-1] + 1 + margin)
    return samples[start:end]

def write(path, samples):
    peak = max(abs(s) for s in samples) or 1
    scale = 0.9 * 32767 / peak
    pcm = [max(-32768, min(32767, round(s * scale))) for s in samples]
    with wave.open(path, 'wb') as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(struct.pack('<%dh' % len(pcm), *pcm))
    return pcm

bad = []
for lang in ('ru', 'en', 'kz', 'ch'):
    for digit in range(10):
        rate, samples = read(f'{src}/{lang}-{digit}.wav')
        clip = trim(resample(samples, rate, RATE), int(0.015 * RATE))
        pcm = write(f'{out}/{lang}/{digit}.wav', clip)
        seconds = len(pcm) / RATE
        rms = math.sqrt(sum(s * s for s in pcm) / len(pcm)) / 32768
        print(f'{lang}/{digit}.wav {seconds:.3f} s rms {rms:.3f} {44 + 2 * len(pcm)} bytes')
        if not (0.1 <= seconds <= 1.2) or rms < 0.02:
            bad.append(f'{lang}/{digit}')
if bad:
    sys.exit('suspicious clips: ' + ', '.join(bad))
PY
