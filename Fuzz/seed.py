#!/usr/bin/env python3
"""Seeds a fuzz corpus: seed.py TARGET SHARED_DIR CORPUS_DIR.

ib: xibs and storyboards of SHARED/corpus/ib; swift, objc: sources of SHARED/realworld;
zip: small zips (stored and deflated) of files from both and of Examples/SampleApp;
http, multipart: hand-written requests and bodies (boundary "nibscanfuzz").
"""
import hashlib
import io
import os
import sys
import zipfile

LIMIT = 300
MAX_BYTES = 256 * 1024


def files(root, suffixes):
    found = []
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if name.endswith(suffixes):
                path = os.path.join(folder, name)
                if os.path.getsize(path) <= MAX_BYTES:
                    found.append(path)
    found.sort()
    step = max(1, len(found) // LIMIT)
    return found[::step][:LIMIT]


def save(corpus, data):
    with open(os.path.join(corpus, hashlib.sha1(data).hexdigest()), "wb") as handle:
        handle.write(data)


def main():
    target, shared, corpus = sys.argv[1:4]
    os.makedirs(corpus, exist_ok=True)
    ib = files(os.path.join(shared, "corpus", "ib"), (".xib", ".storyboard"))
    swift = files(os.path.join(shared, "realworld"), (".swift",))
    objc = files(os.path.join(shared, "realworld"), (".m", ".h", ".mm"))
    if target in ("ib", "swift", "objc"):
        for path in {"ib": ib, "swift": swift, "objc": objc}[target]:
            with open(path, "rb") as handle:
                save(corpus, handle.read())
    elif target == "zip":
        groups = [ib[i:i + 3] + swift[i:i + 2] + objc[i:i + 2] for i in range(0, 120, 4)]
        groups.append([os.path.join(root, name) for root, _, names in os.walk("Examples/SampleApp") for name in names])
        for index, group in enumerate(groups):
            buffer = io.BytesIO()
            method = zipfile.ZIP_DEFLATED if index % 2 else zipfile.ZIP_STORED
            with zipfile.ZipFile(buffer, "w", compression=method) as archive:
                for path in group:
                    archive.write(path, "App/" + os.path.basename(path))
            save(corpus, buffer.getvalue())
    elif target == "http":
        for request in [
            b"GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            b"POST /v1/analyses?wait=5 HTTP/1.1\r\nHost: a\r\nContent-Type: application/zip\r\nContent-Length: 4\r\n\r\nPK\x03\x04",
            b"POST /v1/analyses HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n4;x=y\r\nPK\x03\x04\r\n0\r\nT: v\r\n\r\n",
            b"GET /v1/analyses/x/report?format=markdown HTTP/1.0\r\nAccept: text/markdown\r\n\r\n",
            b"PUT /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\nGET / HTTP/1.1\r\nHost: b\r\n\r\n",
        ]:
            save(corpus, request)
    elif target == "multipart":
        for body in [
            b"--nibscanfuzz\r\nContent-Disposition: form-data; name=\"branch\"\r\n\r\nmain\r\n"
            b"--nibscanfuzz\r\nContent-Disposition: form-data; name=\"project\"; filename=\"a.zip\"\r\n"
            b"Content-Type: application/zip\r\n\r\nPK\x05\x06" + b"\0" * 18 + b"\r\n--nibscanfuzz--\r\n",
            b"preamble\r\n--nibscanfuzz\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n\r\n--nibscanfuzz--",
        ]:
            save(corpus, body)
    else:
        raise SystemExit(f"unknown target {target}")


if __name__ == "__main__":
    main()
