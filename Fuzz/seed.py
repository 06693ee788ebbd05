#!/usr/bin/env python3
"""Seeds a fuzz corpus: seed.py TARGET SHARED_DIR CORPUS_DIR.

ib: xibs and storyboards of SHARED/corpus/ib; swift, objc: sources of SHARED/realworld;
zip: small zips (stored and deflated) of files from both and of Examples/SampleApp;
http, multipart: hand-written requests and bodies (boundary "nibscanfuzz");
project: SHARED/realworld's project.pbxproj, Package.swift, Podfile, Podfile.lock, Cartfile,
Package.resolved and hand-written workspaces, each after the byte that picks its reader
(the order of MANIFESTS, as in Fuzz/Sources/fuzz-project); config: the YAML of the
configuration tests (Tests/ConfigurationTests) and of docs/configuration.md.
"""
import hashlib
import io
import os
import re
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


# The file each selector byte of the project target reads (fuzz-project's `manifests`).
MANIFESTS = ["project.pbxproj", "contents.xcworkspacedata", "Package.swift", "Podfile", "Podfile.lock",
             ("Cartfile", "Cartfile.private", "Cartfile.resolved"), "Package.resolved"]
WORKSPACES = [
    b'<?xml version="1.0" encoding="UTF-8"?>\n<Workspace version = "1.0">\n'
    b'<FileRef location = "group:App.xcodeproj"></FileRef>\n<FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>\n</Workspace>\n',
    b'<Workspace version = "1.0"><Group location = "container:" name = "Libs">'
    b'<FileRef location = "group:../Core/Core.xcodeproj"/></Group><FileRef location = "self:"/>'
    b'<FileRef location = "absolute:/tmp/X.xcodeproj"/></Workspace>',
]


def config_examples():
    """The YAML in the configuration tests' triple-quoted strings and docs' yaml blocks."""
    found = []
    for name in sorted(os.listdir("Tests/ConfigurationTests")):
        with open(os.path.join("Tests/ConfigurationTests", name), encoding="utf-8") as handle:
            text = handle.read()
            for block in re.findall(r'"""\n(.*?)\n\s*"""', text, re.S):
                lines = block.split("\n")
                indent = min((len(line) - len(line.lstrip(" ")) for line in lines if line.strip()), default=0)
                found.append("\n".join(line[indent:] for line in lines) + "\n")
            for literal in re.findall(r'(?:parse|assertRefused)\("((?:[^"\\]|\\.)+)"', text):
                found.append(literal.encode().decode("unicode_escape"))
    with open("docs/configuration.md", encoding="utf-8") as handle:
        found += re.findall(r"```yaml\n(.*?)```", handle.read(), re.S)
    settings = re.compile(r"^(#.*\n|\s*\n)*[\"A-Za-z{]", re.M)
    return [text.encode() for text in found if settings.match(text) and not text.lstrip().startswith(("import", "class"))]


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
    elif target == "project":
        for selector, names in enumerate(MANIFESTS):
            names = names if isinstance(names, tuple) else (names,)
            found = [] if selector == 1 else files(os.path.join(shared, "realworld"), names)
            contents = WORKSPACES if selector == 1 else []
            for path in found[:60]:
                with open(path, "rb") as handle:
                    contents.append(handle.read())
            for data in contents:
                save(corpus, bytes([selector]) + data)
    elif target == "config":
        for data in config_examples():
            save(corpus, data)
    else:
        raise SystemExit(f"unknown target {target}")


if __name__ == "__main__":
    main()
