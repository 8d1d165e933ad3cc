#!/usr/bin/env python3
"""Draws the ratios of a bench_compare report as an SVG bar chart.

    tools/ratio-chart.py REPORT OUT.svg [--title TEXT]

REPORT is bench_compare's output, plain or --markdown (tools/bench.sh --svg FILE does this for
you). One horizontal bar per operation, grouped by area, its length the ratio libsecp256k1 time /
fastsecp time on a linear axis; the 1.0 line (parity) is marked. Standard library only.
"""
import argparse
import html
import re
import sys

# Area of an operation, by the first matching prefix of its name.
AREAS = [
    ("Context", ("context_",)),
    ("ECDSA", ("ecdsa_",)),
    ("Keys and tweaks", ("ec_pubkey_", "ec_seckey_", "keypair_", "xonly_")),
    ("BIP-340", ("schnorrsig_",)),
    ("ECDH", ("ecdh",)),
    ("ElligatorSwift", ("ellswift_",)),
    ("MuSig2", ("musig_",)),
    ("Silent payments", ("silentpayments",)),
    ("Hashing", ("tagged_sha256",)),
]

ROW_MD = re.compile(r"^\|\s*(?P<op>[^|]+?)\s*\|\s*[\d.]+\s*\|\s*[\d.]+\s*\|\s*(?P<ratio>[\d.]+)x\s*\|\s*$")
ROW_TEXT = re.compile(r"^(?P<op>\S.*?)\s{2,}[\d.]+\s{2,}[\d.]+\s{2,}(?P<ratio>[\d.]+)x\s*$")


def area_of(op):
    for name, prefixes in AREAS:
        if op.startswith(prefixes):
            return name
    return "Other"


def parse(lines):
    rows = []
    for line in lines:
        m = ROW_MD.match(line) or ROW_TEXT.match(line)
        if m:
            rows.append((m.group("op").strip(), float(m.group("ratio"))))
    return rows


def draw(rows, title):
    order = [a for a, _ in AREAS] + ["Other"]
    groups = {a: [] for a in order}
    for op, ratio in rows:
        groups[area_of(op)].append((op, ratio))
    label_w, bar_w, row_h, head_h, pad = 420, 520, 18, 22, 12
    top = 56
    vmax = max(2.0, max(r for _, r in rows) * 1.08)
    scale = bar_w / vmax
    n_groups = sum(1 for a in order if groups[a])
    height = top + len(rows) * row_h + n_groups * head_h + 40
    width = label_w + bar_w + 90
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{pad}" y="22" font-size="16" font-weight="bold">{html.escape(title)}</text>',
        f'<text x="{pad}" y="40" fill="#555">libsecp256k1 v0.8.0 time ÷ fastsecp time, same run, '
        f'one thread (above 1: fastsecp is faster)</text>',
    ]
    y_end = top + len(rows) * row_h + n_groups * head_h
    # Axis ticks and the parity line.
    tick = 0.5 if vmax <= 4 else 1.0
    v = 0.0
    while v <= vmax + 1e-9:
        x = label_w + v * scale
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{y_end}" stroke="#ddd" stroke-width="1"/>')
        out.append(f'<text x="{x:.1f}" y="{y_end + 16}" text-anchor="middle" fill="#555">{v:g}</text>')
        v += tick
    y = top
    for area in order:
        if not groups[area]:
            continue
        out.append(f'<text x="{pad}" y="{y + 15}" font-weight="bold">{html.escape(area)}</text>')
        y += head_h
        for op, ratio in groups[area]:
            w = ratio * scale
            color = "#2b7a3d" if ratio >= 1.0 else "#b03a2e"
            out.append(f'<text x="{label_w - 8}" y="{y + 13}" text-anchor="end">{html.escape(op)}</text>')
            out.append(f'<rect x="{label_w}" y="{y + 3}" width="{w:.1f}" height="{row_h - 5}" fill="{color}"/>')
            out.append(f'<text x="{label_w + w + 4:.1f}" y="{y + 13}">{ratio:.2f}×</text>')
            y += row_h
    x1 = label_w + 1.0 * scale
    out.append(f'<line x1="{x1:.1f}" y1="{top - 4}" x2="{x1:.1f}" y2="{y_end + 4}" stroke="black" '
               f'stroke-width="1.5" stroke-dasharray="4 3"/>')
    out.append(f'<text x="{x1 + 4:.1f}" y="{top - 6}" fill="black">parity</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report")
    ap.add_argument("svg")
    ap.add_argument("--title", default="fastsecp vs libsecp256k1")
    a = ap.parse_args()
    with open(a.report, encoding="utf-8") as f:
        rows = parse(f)
    if not rows:
        sys.exit(f"ratio-chart: no bench_compare rows in {a.report}")
    with open(a.svg, "w", encoding="utf-8") as f:
        f.write(draw(rows, a.title))
    print(f"ratio-chart: {len(rows)} operations drawn to {a.svg}", file=sys.stderr)


if __name__ == "__main__":
    main()
