#!/usr/bin/env python3
"""Appends DuckDB's 512-byte extension metadata footer to a shared object (standard library only).

DuckDB reads the last 512 bytes of an extension file: eight 32-byte fields, then a 256-byte
signature. The fields, each NUL-padded, in file order: three unused, the ABI type ("C_STRUCT" or
"CPP"), the extension's version, the DuckDB version it needs (for C_STRUCT the C API version, e.g.
"v1.2.0"; for CPP the exact DuckDB version, e.g. "v1.4.4"), the platform (e.g. "linux_amd64") and
the magic value "4". An unsigned extension has an all-zero signature and loads with
allow_unsigned_extensions.

usage: append_metadata.py IN OUT --platform P --abi C_STRUCT|CPP --duckdb-version V --extension-version X
"""
import argparse
import os
import shutil


def field(text):
    raw = text.encode("ascii")
    if len(raw) > 32:
        raise SystemExit("metadata field too long: %r" % text)
    return raw + b"\0" * (32 - len(raw))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--platform", required=True)
    ap.add_argument("--abi", required=True, choices=["C_STRUCT", "CPP"])
    ap.add_argument("--duckdb-version", required=True)
    ap.add_argument("--extension-version", required=True)
    a = ap.parse_args()
    footer = b"".join([field(""), field(""), field(""), field(a.abi), field(a.extension_version),
                       field(a.duckdb_version), field(a.platform), field("4")]) + b"\0" * 256
    assert len(footer) == 512
    tmp = a.output + ".tmp"
    shutil.copyfile(a.input, tmp)
    with open(tmp, "ab") as f:
        f.write(footer)
    os.replace(tmp, a.output)


if __name__ == "__main__":
    main()
